import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ItemsService } from '../items/service.ts';
import type { NotificationPreferencesService } from '../notification-preferences/service.ts';
import { noticeWords, type NotificationsService } from '../notifications/service.ts';
import type { Locale } from '@swapyard/contract';
import { inLocale } from '../../plugins/language.ts';
import { renderWeeklySummaryMail } from './mails.ts';
import { writtenIn } from './service.ts';
import * as repo from './repository.ts';

/** A member is due a summary this many days after their last one (or at once after switching it on). */
const SUMMARY_EVERY_DAYS = 7;
/** A mail shows a handful of each; the rest is a count. */
const SHOWN = 5;
/** Members one sweep claims at most; the rest wait for the next sweep. */
const SWEEP_LIMIT = 500;

const summaryJob = z.object({ userId: z.uuid(), from: z.iso.datetime(), until: z.iso.datetime() });

/**
 * The weekly summary mail (issue 16): every instance sweeps every hour or so; a sweep claims the
 * members due one (repository: claimWeeklySummaries) and, in the same transaction, queues a job
 * per member. The job writes their unread notices and the marketplace's new listings of the span
 * into one mail, or sends nothing when there is nothing to say.
 */
export class WeeklySummaries {
  private readonly summaries;

  constructor(
    private readonly deps: {
      db: Database;
      jobs: JobQueue;
      mailer: Mailer;
      items: ItemsService;
      notifications: NotificationsService;
      preferences: NotificationPreferencesService;
      communityName: () => Promise<string>;
      publicUrl: (path: string) => string;
      defaultLocale: () => Promise<Locale>;
    },
  ) {
    this.summaries = deps.jobs.define('notify.weekly-summary', { payload: summaryJob, handle: (job) => this.send(job) });
  }

  /** Queues the summaries now due; returns how many members it claimed. */
  async sweep(): Promise<number> {
    return transactionWithRetry(this.deps.db, async (tx) => {
      const claimed = await repo.claimWeeklySummaries(tx, SUMMARY_EVERY_DAYS, SWEEP_LIMIT);
      for (const { userId, from, until } of claimed) {
        await this.summaries.enqueue(tx, { userId, from: from.toISOString(), until: until.toISOString() });
      }
      return claimed.length;
    });
  }

  /** Sent twice only if the worker dies between the SMTP server's answer and the job's end (docs/decisions/019). */
  private async send(job: z.output<typeof summaryJob>): Promise<void> {
    const { db, items, notifications, preferences, publicUrl } = this.deps;
    // Switched off since the sweep, or the account closed: nothing goes.
    if (!(await preferences.wantsWeeklySummary(db, job.userId))) return;
    const member = await repo.recipient(db, job.userId);
    if (!member || member.deletedAt) return;
    // Written in the member's language, the notices' own words included.
    await inLocale(await writtenIn(member.locale, this.deps.defaultLocale), async () => {
      const span = { from: new Date(job.from), until: new Date(job.until) };
      const [unread, listed] = await Promise.all([notifications.unreadIn(job.userId, span, SHOWN), items.newInMarketplace(job.userId, span, SHOWN)]);
      if (unread.total === 0 && listed.total === 0) return;
      const token = await preferences.unsubscribeToken(job.userId, 'weeklySummary');
      await this.deps.mailer.send(
        renderWeeklySummaryMail({
          to: member.email,
          community: await this.deps.communityName(),
          notices: {
            entries: unread.notices.map(noticeWords).map(({ title, description }) => ({ title, body: description })),
            total: unread.total,
            url: publicUrl('/notifications'),
          },
          listings: {
            entries: listed.items.map((item) => ({ title: item.title, value: item.value, location: item.location, url: publicUrl(`/item/${item.id}`) })),
            total: listed.total,
            url: publicUrl('/marketplace'),
          },
          preferencesUrl: publicUrl('/settings/notifications'),
          unsubscribeUrl: publicUrl(`/api/unsubscribe/${token}`),
          unsubscribePageUrl: publicUrl(`/unsubscribe/${token}`),
        }),
      );
    });
  }
}
