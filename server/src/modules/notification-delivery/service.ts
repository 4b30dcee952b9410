import {
  isLocale,
  messageRefSchema,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  readMessage,
  type Locale,
  type NotificationChannel,
  type NotificationKind,
} from '@swapyard/contract';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import type { StatementStep } from '../../db/statement-steps.ts';
import type { JobQueue, RunAgain } from '../../jobs/queue.ts';
import { inLocale } from '../../plugins/language.ts';
import { noticeWords, type NotificationRow, type NotificationsService } from '../notifications/service.ts';
import type { NotificationPreferencesService } from '../notification-preferences/service.ts';
import * as repo from './repository.ts';

/** One notice for one member, as a channel delivers it. */
export interface Delivery {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The page the notice is about, absolute (PUBLIC_URL). */
  url: string;
}

/** Delivers one notice on one channel; throwing has the job retried. It may run twice for one notice (a crash after sending). */
export type ChannelHandler = (delivery: Delivery) => Promise<void>;

export interface ChannelOptions {
  /**
   * How long a member must have had no open tab before a new message's notice goes out on this
   * channel (one per conversation per quiet spell). 0: as soon as no tab is open.
   */
  messageQuietMs?: number;
}

const eventJob = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  userId: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  // The catalogue texts the notice was written from, read in the recipient's language; absent from
  // jobs queued before languages, whose title and body are sent as written.
  titleMessage: messageRefSchema.nullish(),
  bodyMessage: messageRefSchema.nullish(),
  path: z.string(),
});

const messageJob = z.object({ channel: z.enum(NOTIFICATION_CHANNELS), userId: z.uuid(), conversationId: z.uuid() });

/**
 * Notices outside the app (issue 16), as a transactional outbox: in the transaction that writes an
 * in-app notice, one job per channel the member wants it on; the job checks the preference again
 * when it runs, so a member who switched it off in between gets nothing. Channels plug in with
 * channel(); a notice of a channel nobody registered is never queued.
 */
export class NotificationDeliveryService {
  private readonly channels = new Map<NotificationChannel, { handler: ChannelHandler; messageQuietMs: number }>();
  private readonly events;
  private readonly messages;

  constructor(
    private readonly db: Database,
    jobs: JobQueue,
    private readonly notifications: NotificationsService,
    private readonly preferences: NotificationPreferencesService,
    private readonly publicUrl: (path: string) => string,
    private readonly communityLocale: () => Promise<Locale>,
  ) {
    this.events = jobs.define('notify.event', { payload: eventJob, handle: (job) => this.deliverEvent(job) });
    this.messages = jobs.define('notify.message', { payload: messageJob, handle: (job) => this.deliverMessage(job) });
  }

  /** Before the app starts: from then on every notice the member wants on `name` reaches `handler`. */
  channel(name: NotificationChannel, handler: ChannelHandler, options: ChannelOptions = {}): void {
    if (this.channels.has(name)) throw new Error(`notification channel ${name} is registered twice`);
    this.channels.set(name, { handler, messageQuietMs: options.messageQuietMs ?? 0 });
  }

  /** In the transaction that wrote these notices: their jobs commit with them, or not at all. */
  async enqueue(tx: Executor, rows: NotificationRow[]): Promise<void> {
    for (const row of rows) {
      const notice = deliverable(row);
      if (!notice) continue;
      for (const channel of this.channels.keys()) {
        if (!(await this.preferences.wants(tx, row.userId, notice.kind, channel))) continue;
        await this.events.enqueue(tx, {
          channel,
          userId: row.userId,
          kind: notice.kind,
          title: row.title,
          body: row.description,
          titleMessage: row.titleMessage,
          bodyMessage: row.descriptionMessage,
          path: notice.path,
        });
      }
    }
  }

  /**
   * enqueue() for a conversation's message notice, as steps of the sender's one statement
   * (docs/decisions/029): a job per channel the member wants, for the row the step `notice` yields.
   */
  messageSteps(notice: string, userId: string, conversationId: string): StatementStep[] {
    return [...this.channels].map(([channel, { messageQuietMs }]) => {
      const job = messageJobFor(channel, userId, conversationId);
      // Not woken before it could send: a member reading in the app would only put it off again.
      const runAt = repo.messageNoticeDueSql(userId, messageQuietMs);
      return {
        name: `${notice}_${channel}_job`,
        sql: this.messages.enqueueStep(notice, this.preferences.wantsSql(userId, 'messages', channel), job.payload, { key: job.key, runAt }),
      };
    });
  }

  private async deliverEvent(job: z.output<typeof eventJob>): Promise<void> {
    const channel = this.channels.get(job.channel);
    if (!channel || !(await this.preferences.wants(this.db, job.userId, job.kind, job.channel))) return;
    await inLocale(await this.localeOf(job.userId), () =>
      channel.handler({
        userId: job.userId,
        kind: job.kind,
        title: job.titleMessage ? readMessage(job.titleMessage) : job.title,
        body: job.bodyMessage ? readMessage(job.bodyMessage) : job.body,
        url: this.publicUrl(job.path),
      }),
    );
  }

  private async localeOf(userId: string): Promise<Locale> {
    return writtenIn((await repo.recipient(this.db, userId))?.locale, this.communityLocale);
  }

  /**
   * A conversation's unread notice, once the member has had no open tab for the channel's quiet
   * spell; while they are in the app, or were a moment ago, the job waits and looks again. Nothing
   * if they read it first, and nothing more in a spell already told about this conversation.
   */
  private async deliverMessage(job: z.output<typeof messageJob>): Promise<void | RunAgain> {
    const channel = this.channels.get(job.channel);
    if (!channel) return;
    const notice = await this.notifications.unreadMessageNotice(job.userId, job.conversationId);
    if (!notice || !(await this.preferences.wants(this.db, job.userId, 'messages', job.channel))) return;
    const seen = await repo.presence(this.db, job.userId, channel.messageQuietMs);
    if (!seen) return;
    if (seen.waitMs > 0) return { againInMs: seen.waitMs };
    const told = await repo.lastDelivery(this.db, job.userId, job.conversationId, job.channel);
    if (told && told.getTime() >= (seen.presentUntil?.getTime() ?? 0)) return;
    await inLocale(await this.localeOf(job.userId), () => {
      const { title, description } = noticeWords(notice);
      return channel.handler({ userId: job.userId, kind: 'messages', title, body: description, url: this.publicUrl(`/chat/${job.conversationId}`) });
    });
    await repo.recordDelivery(this.db, job.userId, job.conversationId, job.channel);
  }
}

/** A member's mails and pushes are written in their language: the one they chose or signed up in, else the community's. */
export async function writtenIn(memberLocale: string | null | undefined, communityLocale: () => Promise<Locale>): Promise<Locale> {
  return isLocale(memberLocale) ? memberLocale : communityLocale();
}

/** One job per conversation while it waits for the quiet spell: later messages fold into it. */
function messageJobFor(channel: NotificationChannel, userId: string, conversationId: string) {
  return { payload: { channel, userId, conversationId }, key: `notify.message:${channel}:${userId}:${conversationId}` };
}

/** What a notice is about, as the member's preferences name it, and the page it leads to. */
function deliverable(row: NotificationRow): { kind: NotificationKind; path: string } | undefined {
  switch (row.type) {
    case 'proposal':
      return { kind: 'proposals', path: row.proposalId ? `/proposals/${row.proposalId}` : '/notifications' };
    case 'message':
      // Written by the sender's statement, with its jobs as steps of it (messageSteps).
      return undefined;
    case 'rating':
      return { kind: 'ratings', path: `/profile/${row.userId}` };
    case 'saved_search':
      return { kind: 'savedSearches', path: row.relatedId ? `/saved-searches/${row.relatedId}` : '/saved-searches' };
    case 'system':
      return { kind: 'community', path: row.proposalId ? `/proposals/${row.proposalId}` : row.itemId ? `/item/${row.itemId}` : '/notifications' };
    default:
      return undefined;
  }
}
