import { lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema/index.ts';

export interface Hit {
  /** Requests in the current window, this one included. */
  count: number;
  /** Until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Counts one request in `key`'s window, in one statement: two instances counting at once queue on
 * the row and each reads its own count. An ended window is reused in place: the count starts at 1
 * and a new window at now. Times are the database's, one clock for every instance.
 */
export async function hit(db: Executor, key: string, windowMs: number): Promise<Hit> {
  const ended = sql`${rateLimitCounters.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimitCounters.count} + 1 END`,
        resetAt: sql`CASE WHEN ${ended} THEN excluded.reset_at ELSE ${rateLimitCounters.resetAt} END`,
      },
    })
    .returning({
      count: rateLimitCounters.count,
      resetInMs: sql<string>`extract(epoch from ${rateLimitCounters.resetAt} - now()) * 1000`,
    });
  if (!row) throw new Error('the rate-limit upsert returned no row');
  return { count: row.count, resetInMs: Number(row.resetInMs) };
}

/** Removes the windows that have ended, keys no request has come back for. */
export async function deleteEnded(db: Executor): Promise<void> {
  await db.delete(rateLimitCounters).where(lte(rateLimitCounters.resetAt, sql`now()`));
}
