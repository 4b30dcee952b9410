import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';

/**
 * Every row of every table, hashed per table: equal before and after means nothing changed. Rate-limit
 * counters are left out: a refused request is counted on purpose (a wrong password must use up a try).
 * Take the "before" with the app, so the jobs queued by what came first have run, and the "after"
 * with its database alone, so a job the refused request queued shows.
 */
export async function fingerprint(target: Database | FastifyInstance): Promise<string> {
  // Jobs an earlier step queued (a listing's saved-search match, a notice's mail) run now, not
  // between the fingerprints, where their rows would change the jobs table.
  if ('services' in target) await target.services.jobs.runDue();
  const db = 'services' in target ? target.services.database.db : target;
  const tables = await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_counters' order by tablename`,
  );
  const names = (tables as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
  // One statement for every table: the suites that take a fingerprint around each request take
  // thousands, and a round trip per table was most of their time.
  const perTable = names.map(
    (name) => `'${name}:' || coalesce((select md5(string_agg(t::text, '|' order by t::text)) from "${name}" t), '')`,
  );
  const result = await db.execute(sql.raw(`select array_to_string(array[${perTable.join(', ')}], ',') as h`));
  return (result as unknown as { rows: { h: string }[] }).rows[0]?.h ?? '';
}
