import { and, asc, eq, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { messageDeliveries, notificationPreferences, users } from '../../db/schema/index.ts';
import { suspendedNow } from '../../db/suspended.ts';
import { millis } from '../../jobs/repository.ts';

/** Where a member's mail goes; undefined for an id no member has. */
export async function recipient(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName, deletedAt: users.deletedAt, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** When the member was last in the app: online_until while ahead of now counts as present until then (presence module). */
const presentUntil = sql`greatest(${users.onlineUntil}, ${users.lastSeenAt})`;
/** The first moment a message notice may go by a channel that waits quietMs after the member leaves: now, or once away that long. */
const quietAfter = (quietMs: number) => sql`greatest(now(), ${presentUntil} + ${millis(quietMs)})`;

/**
 * quietAfter for a member, as part of another statement: when the job that sends their message notice
 * is first worth running. Now for an id no member has; the job then finds nothing to send.
 */
export function messageNoticeDueSql(userId: string, quietMs: number): SQL {
  return sql`coalesce((select ${quietAfter(quietMs)} from ${users} where ${users.id} = ${userId}), now())`;
}

/**
 * The member's presence as the database's clock sees it now: when they were last in the app, and
 * how long a notice quiet for quietMs must still wait (0 when it may go).
 */
export async function presence(db: Executor, userId: string, quietMs: number) {
  const [row] = await db
    .select({
      presentUntil: sql`${presentUntil}`.mapWith((value: string | Date): Date | null => new Date(value)),
      waitMs: sql<number>`ceil(extract(epoch from ${quietAfter(quietMs)} - now()) * 1000)`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function lastDelivery(db: Executor, userId: string, conversationId: string, channel: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: messageDeliveries.deliveredAt })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.userId, userId), eq(messageDeliveries.conversationId, conversationId), eq(messageDeliveries.channel, channel)));
  return row?.at;
}

export async function recordDelivery(db: Executor, userId: string, conversationId: string, channel: string): Promise<void> {
  await db
    .insert(messageDeliveries)
    .values({ userId, conversationId, channel })
    .onConflictDoUpdate({
      target: [messageDeliveries.userId, messageDeliveries.conversationId, messageDeliveries.channel],
      set: { deliveredAt: sql`now()` },
    });
}

/** A member the weekly summary sweep claimed, with the span their summary covers. */
export interface ClaimedSummary {
  userId: string;
  from: Date;
  until: Date;
}

/**
 * Claims, in the caller's transaction, up to `limit` members due a weekly summary and marks them
 * summarised now. Due: the switch is on, the account is open and not suspended, and no summary
 * was claimed for them in the last `everyDays` days (a member who just switched it on is due at
 * once, and their first summary covers what came since their last visit). Rows another sweep
 * holds are skipped, and a row this one marks is no longer due, so each member is claimed once
 * however many instances sweep. NO KEY UPDATE: a member's own writes (a listing) do not wait for it.
 *
 * The span starts at their last visit (the last open tab, or now while one is open) or their last
 * summary, whichever came later: what a summary told is not told again, and a member away for
 * weeks gets each week's news once.
 */
export async function claimWeeklySummaries(tx: Executor, everyDays: number, limit: number): Promise<ClaimedSummary[]> {
  const rows = await tx
    .select({
      userId: users.id,
      from: sql<Date>`greatest(${users.lastSeenAt}, CASE WHEN ${users.onlineUntil} > now() THEN now() ELSE ${users.onlineUntil} END, ${users.lastWeeklySummaryAt}, ${users.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
      until: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(users)
    .innerJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, users.id),
        eq(notificationPreferences.kind, 'weekly_summary'),
        eq(notificationPreferences.channel, 'email'),
        eq(notificationPreferences.enabled, true),
      ),
    )
    .where(
      and(
        isNull(users.deletedAt),
        not(suspendedNow(users.id)),
        or(isNull(users.lastWeeklySummaryAt), lte(users.lastWeeklySummaryAt, sql`now() - make_interval(days => ${everyDays})`)),
      ),
    )
    .orderBy(asc(users.lastWeeklySummaryAt))
    .limit(limit)
    .for('no key update', { of: users, skipLocked: true });
  if (rows.length === 0) return [];
  await tx
    .update(users)
    .set({ lastWeeklySummaryAt: sql`now()` })
    .where(inArray(users.id, rows.map((row) => row.userId)));
  return rows;
}
