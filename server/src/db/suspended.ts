import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { suspensions } from './schema/index.ts';

/**
 * A suspension in force: not lifted and not past its end. Computed at read time, so one that runs
 * out needs no job to bring the member's listings back or let them sign in.
 */
export function inForce(): SQL {
  return and(isNull(suspensions.liftedAt), or(isNull(suspensions.endsAt), gt(suspensions.endsAt, sql`now()`)))!;
}

/** Whether the member in `userId` (a column of the outer query) is suspended right now. */
export function suspendedNow(userId: AnyPgColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${suspensions} WHERE ${eq(suspensions.userId, userId)} AND ${inForce()})`;
}
