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
  const parts: string[] = [];
  for (const name of names) {
    const result = await db.execute(
      sql.raw(`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from "${name}" t`),
    );
    parts.push(`${name}:${(result as unknown as { rows: { h: string }[] }).rows[0]?.h ?? ''}`);
  }
  return parts.join(',');
}
