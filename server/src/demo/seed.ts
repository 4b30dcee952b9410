import { CATEGORIES, type Category, type ItemDetail } from '@swapyard/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { CommandError } from '../lib/command-line.ts';
import { createItem } from '../test/items.ts';
import { registerMember, send, type Member } from '../test/members.ts';
import { multipart, type FilePart } from '../test/multipart.ts';
import { answer, counter, createProposal } from '../test/proposals.ts';
import {
  CONVERSATIONS,
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD,
  demoEmail,
  FAVOURITES,
  SAVED_SEARCHES,
  LISTINGS,
  MEMBERS,
  PROPOSALS,
  type DemoListing,
  type DemoRating,
  type ListingTitle,
  type MemberKey,
} from './community.ts';
import { avatarPicture, listingPicture } from './pictures.ts';
import { backdateMembers, memberCensus } from './repository.ts';

export class SeedRefusedError extends CommandError {}

export interface SeedSummary {
  members: number;
  listings: number;
  proposals: number;
  conversations: number;
  messages: number;
}

/** `seeded: false`: the demo community was already there, and nothing was written. */
export type SeedOutcome = { seeded: true; summary: SeedSummary } | { seeded: false };

/** How long ago the demo members joined. */
const DEMO_MEMBERS_FOR_DAYS = 90;

/** One listing in four gets a second photo, as many real listings have. */
const SECOND_VIEW_EVERY = 4;

const ANSWER = { accepted: 'accept', declined: 'decline', cancelled: 'cancel' } as const;

interface Community {
  member(key: MemberKey): Member;
  /** The member who owns a listing. */
  owner(item: ItemDetail): Member;
  item(title: ListingTitle): ItemDetail;
}

function expectStatus(response: LightMyRequestResponse, status: number, what: string): LightMyRequestResponse {
  if (response.statusCode !== status) throw new Error(`demo seed: ${what} failed (${response.statusCode}): ${response.body}`);
  return response;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function upload(app: FastifyInstance, member: Member, method: 'PUT' | 'POST', url: string, fields: Record<string, string>, file: FilePart) {
  const form = multipart(fields, [file]);
  return send(app, method, url, { cookie: member.cookie, body: form.body, headers: { 'content-type': form.contentType } });
}

async function seedMembers(app: FastifyInstance): Promise<Map<MemberKey, Member>> {
  const members = new Map<MemberKey, Member>();
  const seedMember = async ({ key, name, location, bio }: (typeof MEMBERS)[number]) => {
    const member = await registerMember(app, { displayName: name, email: demoEmail(key), password: DEMO_PASSWORD });
    members.set(key, member);
    const profile = { displayName: name, location, bio };
    expectStatus(await send(app, 'PATCH', '/api/me', { cookie: member.cookie, body: profile }), 200, `the profile of ${key}`);
    const photo = { field: 'photo', name: `${key}.jpg`, bytes: await avatarPicture(name), type: 'image/jpeg' };
    expectStatus(await upload(app, member, 'PUT', '/api/me/photo', {}, photo), 200, `the photo of ${key}`);
  };
  // The first account on an empty site is its admin: Maya, before the others join at once.
  const [first, ...others] = MEMBERS;
  await seedMember(first);
  await Promise.all(others.map(seedMember));
  return members;
}

/** Categories take turns, so the newest listings on the marketplace's first page show all of them. */
function interleaved(): { category: Category; listing: DemoListing }[] {
  const longest = Math.max(...CATEGORIES.map((category) => LISTINGS[category].length));
  return Array.from({ length: longest }, (_, i) =>
    CATEGORIES.flatMap((category) => {
      const listing: DemoListing | undefined = LISTINGS[category][i];
      return listing ? [{ category, listing }] : [];
    }),
  ).flat();
}

async function seedListings(app: FastifyInstance, members: Map<MemberKey, Member>): Promise<Map<ListingTitle, ItemDetail>> {
  const locationOf = new Map(MEMBERS.map((profile) => [profile.key, profile.location]));
  const order = interleaved();
  // Drawn all at once (sharp works in its own threads); listed one by one, so the order holds.
  const pictures = await Promise.all(
    order.map(({ category, listing }, index) =>
      Promise.all(
        Array.from({ length: index % SECOND_VIEW_EVERY === 0 ? 2 : 1 }, async (_, view) => ({
          name: `${slug(listing.title)}${view ? `-${view + 1}` : ''}.jpg`,
          bytes: await listingPicture(listing.title, category, view),
          type: 'image/jpeg',
        })),
      ),
    ),
  );
  const items = new Map<ListingTitle, ItemDetail>();
  for (const [index, { category, listing }] of order.entries()) {
    const fields = {
      title: listing.title,
      description: listing.description,
      category,
      value: String(listing.value),
      location: locationOf.get(listing.owner)!,
    };
    items.set(listing.title as ListingTitle, await createItem(app, members.get(listing.owner)!, fields, pictures[index]));
  }
  return items;
}

async function seedProposals(app: FastifyInstance, community: Community): Promise<void> {
  for (const spec of PROPOSALS) {
    const sender = community.member(spec.sender);
    const item = community.item(spec.item);
    const receiver = community.owner(item);
    const proposal = await createProposal(app, sender, item.id, {
      message: spec.message,
      pointsOffer: spec.points,
      offerItemId: spec.offerItem ? community.item(spec.offerItem).id : null,
    });
    if (spec.status === 'pending') continue;
    if (spec.status === 'countered') {
      const terms = { pointsOffer: spec.counter?.points, message: spec.counter?.message, offerItemId: proposal.offerItem?.id ?? null };
      expectStatus(await counter(app, receiver, proposal.id, terms), 200, `a counter-offer for "${spec.item}"`);
      continue;
    }
    const action = ANSWER[spec.status];
    expectStatus(await answer(app, spec.status === 'cancelled' ? sender : receiver, proposal.id, action), 200, `${action} of "${spec.item}"`);
    if (spec.status !== 'accepted') continue;
    // The demo's swaps happened: both sides confirmed the hand-over, so profiles count them and ratings open.
    for (const member of [receiver, sender]) {
      expectStatus(
        await send(app, 'POST', `/api/proposals/${proposal.id}/handover/confirm`, { cookie: member.cookie }),
        200,
        `a hand-over of "${spec.item}"`,
      );
    }
    const ratings: [Member, DemoRating | undefined][] = [
      [sender, spec.senderRating],
      [receiver, spec.receiverRating],
    ];
    for (const [rater, rating] of ratings) {
      if (!rating) continue;
      const rated = await send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: rater.cookie, body: rating });
      expectStatus(rated, 200, `a rating of "${spec.item}"`);
    }
  }
}

async function seedSavedSearches(app: FastifyInstance, community: Pick<Community, 'member'>): Promise<void> {
  for (const { member, name, filters } of SAVED_SEARCHES) {
    const saved = await send(app, 'POST', '/api/saved-searches', { cookie: community.member(member).cookie, body: { name, filters } });
    expectStatus(saved, 201, `saving the search "${name}"`);
  }
}

async function seedFavourites(app: FastifyInstance, community: Community): Promise<void> {
  for (const { member, items } of FAVOURITES) {
    for (const title of items) {
      const url = `/api/items/${community.item(title).id}/favourite`;
      expectStatus(await send(app, 'PUT', url, { cookie: community.member(member).cookie }), 204, `saving "${title}"`);
    }
  }
}

/** Returns how many messages were sent. */
async function seedConversations(app: FastifyInstance, community: Community): Promise<number> {
  let sent = 0;
  for (const spec of CONVERSATIONS) {
    const [first, second] = spec.between.map(community.member) as [Member, Member];
    const opened = await send(app, 'POST', '/api/conversations', {
      cookie: first.cookie,
      body: { otherUserId: second.user.id, itemId: spec.about ? community.item(spec.about).id : null },
    });
    const url = `/api/conversations/${expectStatus(opened, 200, 'opening a conversation').json<{ conversation: { id: string } }>().conversation.id}`;
    for (const { from, text, picture } of spec.messages) {
      const sender = community.member(from);
      const body = { clientId: randomUUID(), text };
      const response = picture
        ? await upload(app, sender, 'POST', `${url}/images`, body, {
            field: 'image',
            name: `${slug(picture)}.jpg`,
            bytes: await listingPicture(picture, community.item(picture).category, 1),
            type: 'image/jpeg',
          })
        : await send(app, 'POST', `${url}/messages`, { cookie: sender.cookie, body });
      expectStatus(response, 200, 'a message');
      sent++;
    }
    for (const key of spec.between.filter((key) => !spec.unreadBy?.includes(key))) {
      expectStatus(await send(app, 'POST', `${url}/read`, { cookie: community.member(key).cookie }), 204, 'reading a conversation');
    }
  }
  return sent;
}

/**
 * Fills the app's database and storage with the demo community, through the API as members would.
 * Refuses a database with members who are not demo members unless `force`; does nothing when the
 * demo members are already there.
 */
export async function seedDemo(app: FastifyInstance, { force = false }: { force?: boolean } = {}): Promise<SeedOutcome> {
  const census = await memberCensus(app.services.database.db, DEMO_EMAIL_DOMAIN);
  if (census.demo > 0) return { seeded: false };
  if (census.others > 0 && !force) {
    const who = census.others === 1 ? '1 member who is not a demo member' : `${census.others} members who are not demo members`;
    throw new SeedRefusedError(`Refusing to seed: this database has ${who}; run the seed with --force to add the demo community anyway.`);
  }

  const members = await seedMembers(app);
  // Saved before the listings, which match them as they are listed.
  await seedSavedSearches(app, { member: (key) => members.get(key)! });
  const items = await seedListings(app, members);
  const byId = new Map([...members.values()].map((member) => [member.user.id, member]));
  const community: Community = {
    member: (key) => members.get(key)!,
    owner: (item) => byId.get(item.ownerId)!,
    item: (title) => items.get(title)!,
  };
  // Saved first: a saved listing swapped in the proposals below tells its saver.
  await seedFavourites(app, community);
  await seedProposals(app, community);
  const messages = await seedConversations(app, community);
  // Saved-search alerts are jobs the listings queued: told now, so the demo opens with them waiting.
  await app.services.jobs.runDue();
  await backdateMembers(app.services.database.db, DEMO_EMAIL_DOMAIN, DEMO_MEMBERS_FOR_DAYS);
  return {
    seeded: true,
    summary: { members: members.size, listings: items.size, proposals: PROPOSALS.length, conversations: CONVERSATIONS.length, messages },
  };
}
