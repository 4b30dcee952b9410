import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { pointEntries, users } from '../../db/schema/index.ts';

export type PointReason = 'signup_bonus' | 'swap_paid' | 'swap_received';

export interface NewPointEntry {
  userId: string;
  amount: number;
  reason: PointReason;
  proposalId?: string;
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
