import type { FastifyBaseLogger } from 'fastify';
import type { Readable } from 'node:stream';
import { allPages } from '../../lib/all-pages.ts';
import { textStream, zipStream, type ZipEntry } from '../../lib/zip-stream.ts';
import type { Session } from '../auth/service.ts';
import type { ConversationsService } from '../conversations/service.ts';
import type { FavouritesService } from '../favourites/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { NotificationPreferencesService } from '../notification-preferences/service.ts';
import type { NotificationsService } from '../notifications/service.ts';
import type { PointsService } from '../points/service.ts';
import type { ProposalsService } from '../proposals/service.ts';
import type { PushService } from '../push/service.ts';
import type { SavedSearchesService } from '../saved-searches/service.ts';
import type { SwapProblemsService } from '../swap-problems/service.ts';
import type { ImageService } from '../uploads/service.ts';

// Rows read per query: enough to keep round trips few, few enough that a page is small.
const PAGE = 100;
const IMAGE_URL = '/api/images/';

export const README = `Your Swapyard data
==================

Everything Swapyard keeps about you, as it was when you downloaded it. Each .json file holds one
kind of record; dates are in UTC (ISO 8601), newest first unless said otherwise.

profile.json             your account: name, email, bio, location and its town, points, rating, when you joined
listings.json            every item and service you listed, whatever its status, with its pictures
proposals-sent.json      the swaps you proposed to others, and how each ended
proposals-received.json  the swaps others proposed to you, and how each ended
conversations.json       your conversations, each with every message in it (yours and the other member's)
notifications.json       the notices Swapyard showed you
points-ledger.json       every change to your points, with your balance after it
ratings-given.json       the ratings you gave after swaps
ratings-received.json    the ratings others gave you
favourites.json          the listings you saved, and when; a title is null once you can no longer see
                         the listing
notification-preferences.json
                         which notices reach you by email and by push, and the weekly summary
push-devices.json        the devices you get push notifications on: when each was subscribed and its
                         push service. Not the device's push address or keys: with them anyone could
                         send notifications to your device
swap-problems.json       the problems you reported with swaps, with what the moderators decided
saved-searches.json      the marketplace searches you saved: their names, filters and new matches
images/                  the pictures you uploaded: your profile photo, your listings' pictures, the
                         pictures you sent in chats and the photos of the problems you reported. A
                         picture's address in the .json files, /api/images/<path>, is the file
                         images/<path> here.
`;

/** Everything the member's data export holds, each part read through the module that owns it. */
export interface ExportSources {
  items: ItemsService;
  proposals: ProposalsService;
  conversations: ConversationsService;
  notifications: NotificationsService;
  points: PointsService;
  favourites: FavouritesService;
  notificationPreferences: NotificationPreferencesService;
  push: PushService;
  swapProblems: SwapProblemsService;
  savedSearches: SavedSearchesService;
  images: ImageService;
}

/**
 * The member's data as one zip, written while it is sent: every list is read a page at a time
 * and every picture is streamed from storage, so a member with years of messages and pictures
 * costs the server no more memory than one with a few.
 */
export class DataExportService {
  constructor(
    private readonly sources: ExportSources,
    private readonly log: FastifyBaseLogger,
  ) {}

  archive(session: Session): Readable {
    return zipStream(this.entries(session), (error) => this.log.error({ err: error }, 'data export failed part-way'));
  }

  private async *entries(session: Session): AsyncGenerator<ZipEntry> {
    const { items, proposals, notifications, points, favourites, notificationPreferences, push, swapProblems, savedSearches, images } = this.sources;
    // Storage paths only (a few dozen bytes each); the pictures are read when their turn comes.
    const pictures = new Set<string>();
    const keep = (url: string | null) => {
      if (url?.startsWith(IMAGE_URL)) pictures.add(url.slice(IMAGE_URL.length));
    };

    yield text('README.txt', README);
    yield document('profile.json', async () => {
      const user = await session.user();
      keep(user.photoUrl);
      return user;
    });
    yield json('listings.json', async function* () {
      for await (const listing of allPages((cursor) =>
        items.ownListings(session, { cursor, limit: PAGE }).then((page) => ({ rows: page.listings, nextCursor: page.nextCursor })),
      )) {
        for (const image of listing.images) keep(image.url);
        yield listing;
      }
    });
    for (const box of ['sent', 'received'] as const) {
      yield json(`proposals-${box}.json`, () =>
        allPages((cursor) =>
          proposals.list(session, { box }, cursor, PAGE).then((page) => ({ rows: page.proposals, nextCursor: page.nextCursor })),
        ),
      );
    }
    yield {
      name: 'conversations.json',
      compress: true,
      open: async () => textStream(this.conversationsJson(session, keep)),
    };
    yield json('notifications.json', () =>
      allPages((cursor) =>
        notifications.list(session, cursor, PAGE).then((page) => ({ rows: page.notifications, nextCursor: page.nextCursor })),
      ),
    );
    yield json('points-ledger.json', () =>
      allPages((cursor) => points.history(session, cursor, PAGE).then((page) => ({ rows: page.entries, nextCursor: page.nextCursor }))),
    );
    yield json('ratings-given.json', () =>
      allPages((cursor) => proposals.ratingsGiven(session, cursor, PAGE).then((page) => ({ rows: page.ratings, nextCursor: page.nextCursor }))),
    );
    yield json('ratings-received.json', () =>
      allPages((cursor) =>
        proposals.ratingsOf(session, session.userId, cursor, PAGE).then((page) => ({ rows: page.ratings, nextCursor: page.nextCursor })),
      ),
    );
    yield json('favourites.json', () =>
      allPages((cursor) => favourites.saved(session, cursor, PAGE).then((page) => ({ rows: page.listings, nextCursor: page.nextCursor }))),
    );
    yield document('notification-preferences.json', () => notificationPreferences.get(session));
    // Each device's push service and when it subscribed, never its endpoint or keys: PushService.devices.
    yield json('push-devices.json', async function* () {
      yield* await push.devices(session);
    });
    yield json('swap-problems.json', async function* () {
      for await (const problem of allPages((cursor) =>
        swapProblems.reportedBy(session, cursor, PAGE).then((page) => ({ rows: page.problems, nextCursor: page.nextCursor })),
      )) {
        for (const photo of problem.photos) keep(photo.url);
        yield problem;
      }
    });
    yield document('saved-searches.json', () => savedSearches.list(session).then((list) => list.savedSearches));
    for (const path of pictures) {
      yield { name: `images/${path}`, compress: false, open: () => images.open(path, session) };
    }
  }

  /** Each conversation as an object whose messages are written as they are read, newest first. */
  private async *conversationsJson(session: Session, keep: (url: string | null) => void): AsyncGenerator<string> {
    const { conversations } = this.sources;
    let first = true;
    yield '[';
    for await (const conversation of allPages((cursor) =>
      conversations
        .list(session, { cursor, limit: PAGE })
        .then((page) => ({ rows: page.conversations, nextCursor: page.nextCursor })),
    )) {
      const head = JSON.stringify(conversation, null, 2);
      yield `${first ? '\n' : ',\n'}${head.slice(0, -2)},\n  "messages": [`;
      first = false;
      let firstMessage = true;
      for await (const message of allPages((cursor) =>
        conversations
          .messages(session, conversation.id, cursor, PAGE)
          .then((page) => ({ rows: page.messages.reverse(), nextCursor: page.nextCursor })),
      )) {
        if (message.senderId === session.userId) keep(message.imageUrl);
        yield `${firstMessage ? '\n' : ',\n'}    ${JSON.stringify(message)}`;
        firstMessage = false;
      }
      yield `${firstMessage ? '' : '\n  '}]\n}`;
    }
    yield first ? ']\n' : '\n]\n';
  }
}

function text(name: string, content: string): ZipEntry {
  return { name, compress: true, open: async () => textStream([content]) };
}

/** One JSON object, read when its turn comes. */
function document(name: string, read: () => Promise<unknown>): ZipEntry {
  return { name, compress: true, open: async () => textStream([`${JSON.stringify(await read(), null, 2)}\n`]) };
}

/** A JSON array written row by row, one row a line. */
function json(name: string, rows: () => AsyncIterable<unknown>): ZipEntry {
  async function* chunks(): AsyncGenerator<string> {
    let first = true;
    yield '[';
    for await (const row of rows()) {
      yield `${first ? '\n' : ',\n'}  ${JSON.stringify(row)}`;
      first = false;
    }
    yield first ? ']\n' : '\n]\n';
  }
  return { name, compress: true, open: async () => textStream(chunks()) };
}
