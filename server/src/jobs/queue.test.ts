import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../db/schema/index.ts';
import { recordStatements } from '../db/statement-count.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { jobsFallDue } from '../test/jobs.ts';
import type { LogCapture } from '../test/log-capture.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { DEFAULT_JOB_SETTINGS, JobQueue } from './queue.ts';
import * as repo from './repository.ts';

const RETRY_BASE_MS = 60;
const payload = z.object({ tag: z.string() });

let app: FastifyInstance;
let log: LogCapture;

beforeAll(async () => {
  ({ app, log } = await buildTestApp({ logLevel: 'warn' }, { jobs: { retryBaseMs: RETRY_BASE_MS } }));
});

afterAll(async () => {
  await app.close();
});

const rowOf = async (tag: string) => {
  const rows = await app.services.database.db.select().from(jobs);
  return rows.find((row) => (row.payload as { tag?: string }).tag === tag);
};

/** A kind of its own for each test, whose handler records the tags it ran. */
function recordingKind(handle: (tag: string) => Promise<void> = async () => undefined, maxAttempts?: number) {
  const ran: string[] = [];
  const kind = app.services.jobs.define(`test.${randomUUID()}`, {
    payload,
    maxAttempts,
    handle: async ({ tag }) => {
      ran.push(tag);
      await handle(tag);
    },
  });
  return { kind, ran };
}

describe('the job queue', () => {
  it('runs a job its work woke as the worker’s, so the statements recorded for that work hold none of the job’s', async () => {
    const { kind, ran } = recordingKind(async () => {
      await app.services.database.db.select().from(jobs);
    });
    const tag = randomUUID();
    const { statements } = await recordStatements(async () => {
      await app.services.database.db.transaction(async (tx) => kind.enqueue(tx, { tag }));
      await app.services.jobs.runDue();
    });
    expect(ran).toEqual([tag]);
    expect(statements.filter((statement) => /^(update|delete from|select .* from) "jobs"/.test(statement))).toEqual([]);
    expect(statements.filter((statement) => statement.startsWith('insert into "jobs"'))).toHaveLength(1);
  });

  it('runs a job once its transaction commits, and never one whose transaction rolled back', async () => {
    const { kind, ran } = recordingKind();
    const kept = randomUUID();
    const rolledBack = randomUUID();
    await app.services.database.db.transaction(async (tx) => kind.enqueue(tx, { tag: kept }));
    await expect(
      app.services.database.db.transaction(async (tx) => {
        await kind.enqueue(tx, { tag: rolledBack });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // Woken by the commit, without waiting for a poll.
    await expect.poll(() => ran).toEqual([kept]);
    await app.services.jobs.runDue();
    expect(ran).toEqual([kept]);
    expect(await rowOf(kept)).toBeUndefined();
    expect(await rowOf(rolledBack)).toBeUndefined();
  });

  it('retries a failing job with growing delays, then gives up: the row stays and one line says so, without the payload', async () => {
    const times: number[] = [];
    const { kind } = recordingKind(async () => {
      times.push(Date.now());
      throw new Error('SMTP said no');
    }, 3);
    const secret = randomUUID();
    await kind.enqueue(app.services.database.db, { tag: secret });

    await expect.poll(async () => (await rowOf(secret))?.failedAt, { timeout: 10_000 }).toBeInstanceOf(Date);
    expect(times).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = times;
    expect(second - first).toBeGreaterThanOrEqual(RETRY_BASE_MS);
    expect(third - second).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS);
    expect(await rowOf(secret)).toMatchObject({ kind: kind.name, attempts: 3, lastError: 'SMTP said no', claim: null });

    const lines = log.lines.filter((line) => line.includes(kind.name));
    expect(lines.filter((line) => line.includes('"level":40'))).toHaveLength(2);
    const [gaveUp, ...more] = log.entries().filter((entry) => entry.kind === kind.name && entry.level === 50);
    expect(more).toEqual([]);
    expect(gaveUp).toMatchObject({ attempts: 3, error: 'SMTP said no', msg: expect.stringContaining('gave up after 3 attempts') });
    expect(lines.join('\n')).not.toContain(secret);

    // Given up is final: nothing runs it again.
    await app.services.jobs.runDue();
    expect(times).toHaveLength(3);
  });

  it('runs again a job whose worker died holding it, once the lease runs out', async () => {
    const { kind, ran } = recordingKind();
    const tag = randomUUID();
    // What a worker leaves behind when it dies mid-job: the job claimed, its lease running. A lease
    // no busy machine outruns before the check below, then ended by hand rather than waited for.
    const { db } = app.services.database;
    await db.transaction(async (tx) => {
      await kind.enqueue(tx, { tag });
      expect(await repo.claimDue(tx, 60_000)).toMatchObject({ kind: kind.name, attempts: 1 });
    });
    await app.services.jobs.runDue();
    expect(ran).toEqual([]);

    await db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.id, (await rowOf(tag))!.id));
    await app.services.jobs.runDue();
    expect(ran).toEqual([tag]);
    expect(await rowOf(tag)).toBeUndefined();
  });

  it('gives up a job whose worker died on its last attempt, without running it again', async () => {
    const { kind, ran } = recordingKind(async () => undefined, 1);
    const tag = randomUUID();
    await app.services.database.db.transaction(async (tx) => {
      await kind.enqueue(tx, { tag });
      await repo.claimDue(tx, 100);
    });
    await expect.poll(async () => (await rowOf(tag))?.failedAt, { timeout: 5_000 }).toBeInstanceOf(Date);
    expect(ran).toEqual([]);
    expect((await rowOf(tag))?.lastError).toContain('the worker died');
  });

  it('runs several jobs at once, so one slow answer from the SMTP server does not hold the others up', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let inFlight = 0;
    let most = 0;
    const { kind, ran } = recordingKind(async () => {
      most = Math.max(most, ++inFlight);
      await gate;
      inFlight--;
    });
    const tags = [randomUUID(), randomUUID(), randomUUID()];
    await app.services.database.db.transaction(async (tx) => {
      for (const tag of tags) await kind.enqueue(tx, { tag });
    });
    await expect.poll(() => most).toBe(tags.length);
    release();
    await app.services.jobs.runDue();
    expect(ran.sort()).toEqual([...tags].sort());
    for (const tag of tags) expect(await rowOf(tag)).toBeUndefined();
  });

  it('claims and runs each job once when the worker is woken many times at once', async () => {
    const { db } = app.services.database;
    const claimsBeforeRun: number[] = [];
    const { kind, ran } = recordingKind(async (tag) => {
      // Each claim counts an attempt: a job claimed twice would show 2 here, or 1 on each of two runs.
      claimsBeforeRun.push((await rowOf(tag))!.attempts);
      // Yields, so the wake-ups below arrive while jobs are held and being run.
      await new Promise((resolve) => setImmediate(resolve));
    });
    const tags = Array.from({ length: 30 }, () => randomUUID());
    await db.transaction(async (tx) => {
      for (const tag of tags) await kind.enqueue(tx, { tag });
    });
    await Promise.all([
      ...Array.from({ length: 5 }, () => app.services.jobs.runDue()),
      ...Array.from({ length: 5 }, () => db.execute(sql`select pg_notify(${repo.JOBS_CHANNEL}, '')`)),
    ]);
    await app.services.jobs.runDue();

    expect([...ran].sort()).toEqual([...tags].sort());
    expect(claimsBeforeRun).toEqual(tags.map(() => 1));
    expect(await db.select().from(jobs).where(eq(jobs.kind, kind.name))).toEqual([]);
  });

  it('looks for a due job once, not once per lane, when woken with none due', async () => {
    // A database of its own, whose one job is not due yet: the app's worker and other tests' jobs stay out of the count.
    const database = await openTestDatabase();
    try {
      await database.db.delete(jobs);
      await repo.insertJob(database.db, { kind: 'test.later', payload: {}, maxAttempts: 3, runAt: 60_000 });
      // Made inside the recording, the worker runs in it: its statements are recorded.
      const { statements } = await recordStatements(async () => {
        const worker = new JobQueue(database, app.log, { ...DEFAULT_JOB_SETTINGS, concurrency: 5 });
        await worker.runDue();
        await worker.stop();
      });
      expect(statements.filter((statement) => statement.startsWith('update "jobs"'))).toHaveLength(1);
      expect(await database.db.select({ attempts: jobs.attempts }).from(jobs)).toEqual([{ attempts: 0 }]);
    } finally {
      await database.close();
    }
  });

  it('refuses a payload its kind does not describe before anything is written', async () => {
    const { kind } = recordingKind();
    await expect(kind.enqueue(app.services.database.db, { tag: 42 } as unknown as { tag: string })).rejects.toThrow();
    expect(await app.services.database.db.select().from(jobs).where(eq(jobs.kind, kind.name))).toEqual([]);
  });

  it('adds nothing for a key a waiting job holds, and takes the key again once that job is done', async () => {
    const { kind, ran } = recordingKind();
    const key = randomUUID();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    await app.services.database.db.transaction(async (tx) => {
      await kind.enqueue(tx, { tag: first }, { key, runAt: 60_000 });
      await kind.enqueue(tx, { tag: second }, { key });
    });
    expect(await rowOf(second)).toBeUndefined();
    await app.services.jobs.runDue();
    expect(ran).toEqual([]);

    await app.services.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.key, key));
    await app.services.jobs.runDue();
    expect(ran).toEqual([first]);
    await app.services.database.db.transaction(async (tx) => kind.enqueue(tx, { tag: third }, { key }));
    await app.services.jobs.runDue();
    expect(ran).toEqual([first, third]);
  });

  it('runs a job again later when its handler asks, without counting an attempt', async () => {
    let asked = 0;
    const tag = randomUUID();
    const kind = app.services.jobs.define(`test.${randomUUID()}`, {
      payload,
      maxAttempts: 1,
      handle: async () => (++asked < 3 ? { againInMs: 60_000 } : undefined),
    });
    await app.services.database.db.transaction(async (tx) => kind.enqueue(tx, { tag }));
    for (const round of [1, 2]) {
      await app.services.jobs.runDue();
      expect({ round, asked, row: await rowOf(tag) }).toMatchObject({ round, asked: round, row: { attempts: 0, failedAt: null } });
      expect((await rowOf(tag))!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
      await jobsFallDue(app, kind.name);
    }
    await app.services.jobs.runDue();
    expect(asked).toBe(3);
    expect(await rowOf(tag)).toBeUndefined();
  });
});
