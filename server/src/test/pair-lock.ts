import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';

/**
 * How many requests wait for an advisory lock (the pair's lock, in the tests that hold it) in this
 * test's database: a test holding the lock polls this until everything it started is queued behind it.
 */
export async function waitingForThePair(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`select 1 from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}
