import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;
export type ClaimedJob = JobRow & { claim: string };

/** Heard by every worker once the transaction that wrote a job commits, and never if it rolls back. */
export const JOBS_CHANNEL = 'swapyard_jobs';

/** A span in milliseconds as an SQL interval, for times counted on the database's clock. */
export const millis = (ms: number) => sql`(${ms} * interval '1 millisecond')`;

/** A delay is counted on the database's clock, as every other job time is. */
export async function insertJob(
  db: Executor,
  job: { kind: string; payload: unknown; maxAttempts: number; key?: string; runAt?: Date | number },
): Promise<void> {
  const { runAt, ...values } = job;
  const inserted = await db
    .insert(jobs)
    .values({ ...values, ...(runAt === undefined ? {} : { runAt: typeof runAt === 'number' ? sql`now() + ${millis(runAt)}` : runAt }) })
    .onConflictDoNothing({ target: jobs.key, where: sql`${jobs.key} IS NOT NULL AND ${jobs.failedAt} IS NULL` })
    .returning({ id: jobs.id });
  if (inserted.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, '')`);
}

/**
 * insertJob as one step of a caller's statement (db/statement-steps.ts): a job for each row the step
 * `after` yields while `when` holds, and the workers woken for each one added (NOTIFY sends one
 * per commit however often it is called with the same payload).
 */
export function insertJobStep(job: { kind: string; payload: unknown; maxAttempts: number; key?: string; runAt?: SQL }, after: string, when: SQL): SQL {
  return sql`insert into ${jobs} (kind, payload, key, max_attempts, run_at)
    select ${job.kind}::text, ${JSON.stringify(job.payload)}::jsonb, ${job.key ?? null}::text, ${job.maxAttempts}::int, ${job.runAt ?? sql`now()`}
    from ${sql.identifier(after)} where ${when}
    on conflict (key) where key is not null and failed_at is null do nothing
    returning id, pg_notify(${JOBS_CHANNEL}, '')`;
}

/**
 * The oldest due job nobody holds, now held by this claim until the lease ends. SKIP LOCKED lets
 * workers claiming at the same moment take different jobs instead of queueing behind one row.
 */
export async function claimDue(db: Executor, leaseMs: number): Promise<ClaimedJob | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        isNull(jobs.failedAt),
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: sql`now() + ${millis(leaseMs)}`, claim: randomUUID() })
    .where(inArray(jobs.id, due))
    .returning();
  return row as ClaimedJob | undefined;
}

/** Done: the row goes. A claim that lapsed and was taken by another worker matches nothing. */
export async function finish(db: Executor, job: ClaimedJob): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.claim, job.claim)));
}

/** The live job of this kind under this key, gone with the caller's transaction (JobKind.endKeyed). */
export async function deleteKeyed(db: Executor, kind: string, key: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.kind, kind), eq(jobs.key, key), isNull(jobs.failedAt)));
}

/** Free to be claimed again once the delay has passed. */
export async function retryLater(db: Executor, job: ClaimedJob, delayMs: number, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now() + ${millis(delayMs)}`, lockedUntil: null, claim: null, lastError: error })
    .where(and(eq(jobs.id, job.id), eq(jobs.claim, job.claim)));
}

/** Not a failure: the handler asked to run again later. The claim it used up is given back, so waiting never exhausts the attempts. */
export async function postpone(db: Executor, job: ClaimedJob, delayMs: number): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`now() + ${millis(delayMs)}`, attempts: sql`${jobs.attempts} - 1`, lockedUntil: null, claim: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.claim, job.claim)));
}

/** Kept, never claimed again: the operator reads why in last_error. */
export async function giveUp(db: Executor, job: ClaimedJob, error: string): Promise<void> {
  await db
    .update(jobs)
    .set({ failedAt: sql`now()`, lockedUntil: null, claim: null, lastError: error })
    .where(and(eq(jobs.id, job.id), eq(jobs.claim, job.claim)));
}

/** Every claim let go, as if its lease had run out; how many there were. Only for a database no other worker can reach. */
export async function releaseClaims(db: Executor): Promise<number> {
  const rows = await db.update(jobs).set({ lockedUntil: null, claim: null }).where(isNotNull(jobs.claim)).returning({ id: jobs.id });
  return rows.length;
}

/** How long until the next job falls due (a retry, or a lease that runs out), if any is waiting. */
export async function msUntilNextDue(db: Executor): Promise<number | undefined> {
  const [row] = await db
    .select({
      ms: sql<string | null>`extract(epoch from min(greatest(${jobs.runAt}, coalesce(${jobs.lockedUntil}, ${jobs.runAt}))) - now()) * 1000`,
    })
    .from(jobs)
    .where(isNull(jobs.failedAt));
  return row?.ms == null ? undefined : Math.max(0, Number(row.ms));
}
