import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { pointEntries, users } from '../db/schema/index.ts';

/**
 * The ledger stays whole (DESIGN.md section 11): each balance equals the sum of its entries, and
 * the ledger's total equals the sum of balances. Returns that total.
 */
export async function expectLedgerWhole(db: Database): Promise<number> {
  const rows = await db
    .select({ id: users.id, points: users.points, ledger: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int` })
    .from(users)
    .leftJoin(pointEntries, eq(pointEntries.userId, users.id))
    .groupBy(users.id);
  expect(rows.filter((row) => row.points !== row.ledger)).toEqual([]);
  const total = rows.reduce((sum, row) => sum + row.points, 0);
  const [ledger] = await db.select({ sum: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int` }).from(pointEntries);
  expect(ledger?.sum).toBe(total);
  return total;
}
