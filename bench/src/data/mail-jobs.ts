import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/database.ts';
import { JOBS_CHANNEL } from '../../../server/src/jobs/repository.ts';

/**
 * `count` account mails (kind auth.mail, the "password changed" notice: no link, no token) queued
 * in one statement, as if that many members had changed their password at once; the workers are
 * woken as enqueueing does. Returns the recipients, one mail each.
 */
export async function queueMails(db: Database, count: number, tag: string): Promise<string[]> {
  const recipients = Array.from({ length: count }, (_, n) => `bench-mail-${n}-${tag}@example.com`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into jobs (kind, payload, max_attempts)
      select 'auth.mail', jsonb_build_object('template', 'passwordChanged', 'to', 'bench-mail-' || n || '-' || ${tag} || '@example.com'), 8
      from generate_series(0, ${count - 1}::int) as n`);
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
  });
  return recipients;
}
