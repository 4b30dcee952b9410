import type { PointReason } from '@swapyard/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { items, pointEntries, proposals, users } from '../../db/schema/index.ts';
import { after, type Cursor } from '../../db/keyset.ts';


export interface NewPointEntry {
  userId: string;
  amount: number;
  reason: PointReason;
  proposalId?: string;
}

/**
 * Locks these members' balances in id order, so two swaps between the same pair cannot deadlock.
 * A member who deleted their account has none: nothing may move points to or from them.
 */
export function lockBalances(db: Executor, userIds: string[]) {
  return db
    .select({ userId: users.id, points: users.points })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('no key update');
}

/** Moves a balance and records why, in the caller's transaction; returns the new balance. */
export async function appendEntry(tx: Executor, entry: NewPointEntry): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${entry.amount}` })
    .where(eq(users.id, entry.userId))
    .returning({ points: users.points });
  if (!row) throw new Error(`no member ${entry.userId} for a ledger entry`);
  await tx.insert(pointEntries).values({ ...entry, balanceAfter: row.points });
  return row.points;
}

/** A member's ledger, newest first, with the item each swap was about. */
export function listEntries(db: Executor, userId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ entry: pointEntries, itemTitle: items.title, cursorAt: sql<string>`${pointEntries.createdAt}::text` })
    .from(pointEntries)
    .leftJoin(proposals, eq(proposals.id, pointEntries.proposalId))
    .leftJoin(items, eq(items.id, proposals.itemId))
    .where(
      and(
        eq(pointEntries.userId, userId),
        after(pointEntries.createdAt, pointEntries.id, cursor),
      ),
    )
    .orderBy(desc(pointEntries.createdAt), desc(pointEntries.id))
    .limit(limit);
}
