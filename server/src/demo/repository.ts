import { count, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { users } from '../db/schema/index.ts';

export interface MemberCensus {
  /** Members whose address is on the demo domain. */
  demo: number;
  /** Everyone else: real people, whom a seed must not mix with made-up ones unless told to. */
  others: number;
}

export async function memberCensus(db: Executor, demoDomain: string): Promise<MemberCensus> {
  const isDemo = sql`lower(${users.email}) like ${`%@${demoDomain.toLowerCase()}`}`;
  const [row] = await db
    .select({ demo: count(sql`case when ${isDemo} then 1 end`), all: count() })
    .from(users);
  return { demo: row?.demo ?? 0, others: (row?.all ?? 0) - (row?.demo ?? 0) };
}

/**
 * Dates the demo members as joined this many days ago: a community running for a while, whose
 * members are past the new members' limits (a visitor signed in as one can list at once).
 */
export async function backdateMembers(db: Executor, demoDomain: string, days: number): Promise<void> {
  await db
    .update(users)
    .set({ createdAt: sql`${users.createdAt} - make_interval(days => ${days})` })
    .where(sql`lower(${users.email}) like ${`%@${demoDomain.toLowerCase()}`}`);
}
