import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

/**
 * Every row of every table, hashed per table: equal before and after means nothing changed. Rate-limit
 * counters are left out: a refused request is counted on purpose (a wrong password must use up a try).
 */
export async function fingerprint(db: Database): Promise<string> {
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
