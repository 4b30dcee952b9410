import { count } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseTarget } from '../../../server/src/db/database.ts';
import { jobs } from '../../../server/src/db/schema/index.ts';
import { freshBenchDatabase, type FreshDatabase } from '../data/fresh-database.ts';
import { queueMails } from '../data/mail-jobs.ts';
import { formatNumber, passIf, perSecond, type Result } from '../lib/report.ts';
import { startServer, type ServerProcess } from '../lib/server-process.ts';
import { startSmtpSink, type SunkMail } from '../lib/smtp-sink.ts';

const MAILS = 10_000;
const BUDGET_PER_SECOND = 100;
/** At a tenth of the budget the drain would still end within this. */
const DRAIN_TIMEOUT_MS = 20 * 60_000;
const quiet = { warn: () => undefined };

export interface MailDrainOptions {
  instances: number;
  /** A PostgreSQL server where the measure makes its own database; PGlite when unset. */
  adminUrl?: string;
  resultsDir: string;
  log: (line: string) => void;
}

/** Counts mails per recipient as they arrive, each mail once, so a wait over 10,000 mails stays linear. */
function tally(): { add(mails: SunkMail[]): void; perRecipient: Map<string, number> } {
  const perRecipient = new Map<string, number>();
  let counted = 0;
  return {
    perRecipient,
    add(mails) {
      for (; counted < mails.length; counted++) for (const to of mails[counted]!.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    },
  };
}

/**
 * 10,000 account mails queued in one statement, sent by the servers' job workers to a real SMTP
 * server on loopback: how fast they drain, from the first mail received to the last recipient's,
 * and whether any went twice or was left behind. Each run on a database of its own, without the
 * listings: the queue's work does not depend on them.
 */
export async function measureMailDrain(where: string, options: MailDrainOptions): Promise<Result> {
  const sink = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-mail-'));
  const servers: ServerProcess[] = [];
  let fresh: FreshDatabase | undefined;
  try {
    if (options.adminUrl) fresh = await freshBenchDatabase(options.adminUrl, 'swapyard_bench_mail');
    const databaseUrl = fresh?.url;
    const target: DatabaseTarget = databaseUrl ? { engine: 'postgres', url: databaseUrl } : { engine: 'pglite', dataDir };
    const start = async () => {
      for (let n = servers.length; n < options.instances; n++) {
        servers.push(
          await startServer({
            dataDir,
            logFile: path.join(options.resultsDir, `server-mail-${databaseUrl ? 'postgresql' : 'pglite'}-${n + 1}.log`),
            env: { SMTP_URL: sink.url, PUBLIC_URL: 'http://127.0.0.1' },
            ...(databaseUrl ? { databaseUrl } : {}),
          }),
        );
      }
    };
    // PGlite is one process's at a time: there the mails are queued before its server starts.
    if (databaseUrl) await start();
    const database = await openDatabase(target, quiet);
    let recipients: string[];
    try {
      recipients = await queueMails(database.db, MAILS, randomUUID());
    } finally {
      await database.close();
    }
    await start();
    options.log(`${where}: ${formatNumber(MAILS)} mails queued; ${options.instances} instance(s) send them`);

    const counts = tally();
    const expected = new Set(recipients);
    let deliveredAt = 0;
    await sink.waitFor((mails) => {
      counts.add(mails);
      if (recipients.some((to) => !counts.perRecipient.has(to))) return false;
      deliveredAt = mails.at(-1)!.receivedAt;
      return true;
    }, DRAIN_TIMEOUT_MS);
    const seconds = (deliveredAt - sink.mails[0]!.receivedAt) / 1000;
    const rate = (MAILS - 1) / seconds;

    // A graceful stop lets the last rows go; a mail sent twice would have arrived by then.
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    counts.add(sink.mails);
    const after = await openDatabase(target, quiet);
    let left: number;
    try {
      [{ n: left }] = (await after.db.select({ n: count() }).from(jobs)) as [{ n: number }];
    } finally {
      await after.close();
    }
    const twice = [...counts.perRecipient].reduce((sum, [to, n]) => sum + (expected.has(to) ? n - 1 : n), 0);
    const ok = twice === 0 && left === 0;
    return {
      where,
      measure: `${formatNumber(MAILS)} queued mails to a real SMTP server, ${options.instances === 1 ? 'one instance' : `${options.instances} instances`} (first to last received)`,
      measured: perSecond(rate),
      reference: `${formatNumber(MAILS)} in ${seconds.toFixed(1)} s; ${twice} twice, ${left} jobs left`,
      ratio: '-',
      budget: databaseUrl ? `>= ${BUDGET_PER_SECOND}/s, none twice` : 'reported',
      verdict: databaseUrl ? passIf(rate >= BUDGET_PER_SECOND && ok) : ok ? 'INFO' : 'MISS',
      figures: { mailsPerSecond: rate, seconds, mails: MAILS, sentTwice: twice, jobsLeft: left, instances: options.instances },
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await sink.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await fresh?.drop();
  }
}
