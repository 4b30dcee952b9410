import { and, eq, isNotNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { useTwoInstances } from '../test/two-instances.ts';
import { DEFAULT_JOB_SETTINGS, JobQueue } from './queue.ts';
import * as repo from './repository.ts';

const instances = useTwoInstances();

describe('two instances on one PostgreSQL database', () => {
  it('run every job exactly once between them', async () => {
    const { a, b } = instances();
    const ran: { instance: string; n: number }[] = [];
    const kinds = Object.entries({ a, b }).map(([instance, app]) =>
      app.services.jobs.define('test.once', {
        payload: z.object({ n: z.number() }),
        handle: async ({ n }) => {
          ran.push({ instance, n });
          // Long enough that the other instance claims while this one works.
          await new Promise((resolve) => setImmediate(resolve));
        },
      }),
    );
    const count = 300;
    await a.services.database.db.transaction(async (tx) => {
      for (let n = 0; n < count; n += 1) await kinds[0]!.enqueue(tx, { n });
    });

    await expect.poll(() => ran.length, { timeout: 20_000 }).toBe(count);
    await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);
    expect(ran).toHaveLength(count);
    expect(new Set(ran.map((run) => run.n)).size).toBe(count);
    // Both heard the commit and both took a share.
    expect(new Set(ran.map((run) => run.instance))).toEqual(new Set(['a', 'b']));
    expect(await a.services.database.db.select().from(jobs)).toEqual([]);
  });

  it('claim and run each job once between them when both are woken many times at once', async () => {
    const { a, b } = instances();
    const runs: { n: number; claimsBeforeRun: number }[] = [];
    const kinds = [a, b].map((app) => {
      const kind = app.services.jobs.define('test.woken', {
        payload: z.object({ n: z.number() }),
        handle: async ({ n }) => {
          // Each claim counts an attempt: a job claimed twice would show 2 here, or 1 on each of two runs.
          const [row] = await app.services.database.db
            .select({ attempts: jobs.attempts })
            .from(jobs)
            .where(and(eq(jobs.kind, kind.name), sql`${jobs.payload}->>'n' = ${String(n)}`));
          runs.push({ n, claimsBeforeRun: row!.attempts });
          // Yields, so the wake-ups below arrive while jobs are held and being run.
          await new Promise((resolve) => setImmediate(resolve));
        },
      });
      return kind;
    });
    const count = 100;
    await a.services.database.db.transaction(async (tx) => {
      for (let n = 0; n < count; n += 1) await kinds[0]!.enqueue(tx, { n });
    });
    await Promise.all(
      [a, b].flatMap((app) => [
        ...Array.from({ length: 5 }, () => app.services.jobs.runDue()),
        ...Array.from({ length: 5 }, () => app.services.database.db.execute(sql`select pg_notify(${repo.JOBS_CHANNEL}, '')`)),
      ]),
    );
    await Promise.all([a.services.jobs.runDue(), b.services.jobs.runDue()]);

    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_, n) => n));
    expect(runs.filter((run) => run.claimsBeforeRun !== 1)).toEqual([]);
    expect(await a.services.database.db.select().from(jobs).where(eq(jobs.kind, 'test.woken'))).toEqual([]);
  });
});

describe('claiming', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
    // Migrations queue jobs of their own (0016's places backfill): these tests count on a queue of theirs alone.
    await database.db.delete(jobs);
  });
  afterAll(async () => {
    await database.close();
  });

  it('skips a job another worker is claiming instead of waiting for it', async () => {
    for (const n of [1, 2]) await repo.insertJob(database.db, { kind: 'test.skip', payload: { n }, maxAttempts: 3 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimedElsewhere: repo.ClaimedJob | undefined;
    let inClaim!: () => void;
    const lockTaken = new Promise<void>((resolve) => (inClaim = resolve));
    // A claim in progress in another transaction: the first job's row is locked until it ends.
    const other = database.db.transaction(async (tx) => {
      claimedElsewhere = await repo.claimDue(tx, 60_000);
      inClaim();
      await held;
    });
    await lockTaken;
    const claimed = await repo.claimDue(database.db, 60_000);
    expect(claimed?.payload).toEqual({ n: 2 });
    expect(claimedElsewhere?.payload).toEqual({ n: 1 });
    release();
    await other;
    // Both are held now; nothing else is due.
    expect(await repo.claimDue(database.db, 60_000)).toBeUndefined();
    expect(await database.db.select({ id: jobs.id }).from(jobs).where(isNotNull(jobs.claim))).toHaveLength(2);
  });

  it('leaves alone, when an instance starts, a job another instance holds', async () => {
    await repo.insertJob(database.db, { kind: 'test.held', payload: {}, maxAttempts: 3 });
    // The earlier test's two jobs are held for a minute: this one is the only one due.
    const held = await repo.claimDue(database.db, DEFAULT_JOB_SETTINGS.leaseMs);
    expect(held?.kind).toBe('test.held');
    const starting = new JobQueue(database, pino({ level: 'silent' }));
    await starting.start();
    await starting.runDue();
    await starting.stop();
    expect(await database.db.select({ claim: jobs.claim }).from(jobs).where(eq(jobs.kind, 'test.held'))).toEqual([{ claim: held?.claim }]);
  });
});
