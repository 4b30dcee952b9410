import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AsyncResource } from 'node:async_hooks';
import pg from 'pg';
import type { z } from 'zod';
import type { DatabaseHandle, Executor } from '../db/database.ts';
import * as repo from './repository.ts';

export interface JobSettings {
  /** How often a worker looks for jobs it was not told about (the wake-up NOTIFY lost with a dropped connection). */
  pollMs: number;
  /** How long a claim holds a job: a worker that died mid-job lets it go after this. Longer than any job runs. */
  leaseMs: number;
  /** The first retry's delay; each later one doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Jobs one instance runs at once: a mail spends most of its time waiting for the SMTP server's answers. */
  concurrency: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  pollMs: 10_000,
  leaseMs: 10 * 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 60 * 60_000,
  concurrency: 5,
};

// 30 s, 1, 2, 4, 8, 16, 32 min: an SMTP server down for most of an hour still gets the mail.
const DEFAULT_MAX_ATTEMPTS = 8;
const MAX_ERROR_LENGTH = 500;

export interface EnqueueOptions {
  /** Not before this instant, or this many milliseconds after the enqueueing transaction's clock. */
  runAt?: Date | number;
  /** While a job with this key waits or runs, enqueueing another with the same key adds nothing. */
  key?: string;
}

export type StepEnqueueOptions = Pick<EnqueueOptions, 'key'> & {
  /** Not before this instant, an expression the statement works out as it runs (from the member's presence, say). */
  runAt?: SQL;
};

export interface JobKind<P> {
  readonly name: string;
  /** In the transaction of the change that causes it: the job exists if and only if the change commits. */
  enqueue(tx: Executor, payload: P, options?: EnqueueOptions): Promise<void>;
  /**
   * enqueue as a step of a caller's one statement with no transaction around it (db/statement-steps.ts,
   * docs/decisions/029): the job is added for the row the step `after` yields, while `when` holds.
   */
  enqueueStep(after: string, when: SQL, payload: P, options?: StepEnqueueOptions): SQL;
  /**
   * Ends the keyed job in the caller's transaction. A keyed job that finds nothing to do ends with
   * the transaction that found nothing; ended only after it returns, it would swallow an enqueue
   * under its key committed in between, and that work would never run.
   */
  endKeyed(tx: Executor, key: string): Promise<void>;
}

/** What a handler returns to be run again later, without counting a failure (a member still in the app). */
export interface RunAgain {
  againInMs: number;
}

type HandlerResult = void | RunAgain;

interface Handler {
  payload: z.ZodType;
  handle(payload: unknown): Promise<HandlerResult>;
}

/**
 * The durable job queue (docs/decisions/019): jobs are rows written in the caller's transaction,
 * and every instance runs a worker that claims them, a few at once, retries a failure with
 * exponential backoff and gives up after a kind's attempts, keeping the row. A job may run again
 * if its worker dies after the work but before the row is deleted, so handlers must tolerate that.
 */
export class JobQueue {
  private readonly handlers = new Map<string, Handler>();
  private running: Promise<void> | undefined;
  /**
   * The worker's own async context: a run woken by a request's commit belongs to the worker, not to
   * that request, so what is kept per request (the statements it sent, server/src/db/statement-count.ts) holds none of the jobs'.
   */
  private readonly home = new AsyncResource('swapyard.jobs');
  private scheduling: Promise<void> | undefined;
  private again = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    private readonly settings: JobSettings = DEFAULT_JOB_SETTINGS,
  ) {}

  /** Each kind has one handler. Its payload is checked when written and again when run, as a row may outlive the code that wrote it. */
  define<S extends z.ZodType>(
    name: string,
    options: { payload: S; handle: (payload: z.output<S>) => Promise<HandlerResult>; maxAttempts?: number },
  ): JobKind<z.input<S>> {
    if (this.handlers.has(name)) throw new Error(`job kind ${name} is defined twice`);
    this.handlers.set(name, { payload: options.payload, handle: options.handle as (payload: unknown) => Promise<HandlerResult> });
    const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    return {
      name,
      enqueue: async (tx, payload, enqueueOptions = {}) =>
        repo.insertJob(tx, { kind: name, payload: options.payload.parse(payload), maxAttempts, ...enqueueOptions }),
      enqueueStep: (after, when, payload, stepOptions = {}) =>
        repo.insertJobStep({ kind: name, payload: options.payload.parse(payload), maxAttempts, ...stepOptions }, after, when),
      endKeyed: (tx, key) => repo.deleteKeyed(tx, name, key),
    };
  }

  /** Starts this instance's worker: it hears new jobs as their transactions commit, and runs what is already due. */
  async start(): Promise<void> {
    // A worker stopped before (a test holding jobs back) starts again.
    this.stopping = false;
    // PGlite is opened by one process only (its data directory is locked), and this worker is its
    // only one: a claim found now was left by a process that died mid-job, and would otherwise sit
    // out its lease before the mail goes. On PostgreSQL another live instance may hold it.
    if (this.database.engine === 'pglite') {
      const released = await repo.releaseClaims(this.database.db);
      if (released > 0) this.log.warn({ jobs: released }, 'jobs claimed by a worker that stopped mid-job are run again');
    }
    await this.listen();
    void this.runDue();
  }

  /**
   * Runs due jobs until none is left. Resolves once a look for due jobs, made after this call,
   * found none; jobs waiting for a retry, or held by another instance, are not waited for.
   */
  runDue(): Promise<void> {
    if (this.stopping) return this.running ?? Promise.resolve();
    this.again = true;
    this.running ??= this.home.runInAsyncScope(() =>
      this.drain().finally(() => {
        this.running = undefined;
        this.scheduling = this.schedule();
      }),
    );
    return this.running;
  }

  /** The job being run finishes; no other is claimed. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    await this.running;
    await this.scheduling;
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    try {
      while (this.again && !this.stopping) {
        this.again = false;
        // One look first: a wake-up for a job not yet due (a mail waiting for its member to leave) costs one statement, not one per lane.
        const first = await repo.claimDue(this.database.db, this.settings.leaseMs);
        if (!first) continue;
        // Every lane ends before the next look, so none is left running when the drain resolves.
        const lanes = await Promise.allSettled(Array.from({ length: this.settings.concurrency }, (_, lane) => this.lane(lane === 0 ? first : undefined)));
        const failed = lanes.find((lane) => lane.status === 'rejected');
        if (failed) throw failed.reason;
      }
    } catch (error) {
      this.log.warn({ err: error }, 'the job worker could not reach the database; it looks again at the next poll');
    }
  }

  /** Runs the job it was given, if any, then claims and runs one after another until none is due. */
  private async lane(given?: repo.ClaimedJob): Promise<void> {
    if (given) await this.run(given);
    let job: repo.ClaimedJob | undefined;
    while (!this.stopping && (job = await repo.claimDue(this.database.db, this.settings.leaseMs))) await this.run(job);
  }

  private async run(job: repo.ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    let result: HandlerResult;
    try {
      if (job.attempts > job.maxAttempts) throw new Error('its last attempt stopped without finishing (the worker died)');
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      result = await handler.handle(handler.payload.parse(job.payload));
    } catch (error) {
      await this.fail(job, error);
      return;
    }
    if (result) await repo.postpone(this.database.db, job, result.againInMs);
    else await repo.finish(this.database.db, job);
  }

  /** Logged with the job's id and kind only: a payload may carry a link that signs a member in. */
  private async fail(job: repo.ClaimedJob, error: unknown): Promise<void> {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    const details = { job: job.id, kind: job.kind, attempts: job.attempts, error: message };
    if (job.attempts >= job.maxAttempts) {
      await repo.giveUp(this.database.db, job, message);
      this.log.error(details, `job gave up after ${String(job.attempts)} attempts; its row stays in the jobs table`);
      return;
    }
    const delayMs = Math.min(this.settings.retryMaxMs, this.settings.retryBaseMs * 2 ** (job.attempts - 1));
    await repo.retryLater(this.database.db, job, delayMs, message);
    this.log.warn({ ...details, retryInMs: delayMs }, 'job failed; it will be retried');
  }

  /** Wakes at the next retry or lease end, or at the poll interval, whichever comes first. */
  private async schedule(): Promise<void> {
    if (this.stopping) return;
    let delay = this.settings.pollMs;
    try {
      if (!this.unlisten) await this.listen();
      delay = Math.min(delay, (await repo.msUntilNextDue(this.database.db)) ?? delay);
    } catch (error) {
      this.log.warn({ err: error }, 'the job worker could not reach the database; it looks again at the next poll');
    }
    if (this.stopping || this.running) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.runDue(), delay);
    this.timer.unref();
  }

  private async listen(): Promise<void> {
    const { pglite, url } = this.database;
    if (pglite) {
      this.unlisten = await pglite.listen(repo.JOBS_CHANNEL, () => void this.runDue());
      return;
    }
    if (!url) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', () => void this.runDue());
    client.on('error', (error) => {
      // Polling carries on; the next poll listens again.
      this.log.warn({ err: error }, 'the job wake-up connection failed');
      this.unlisten = undefined;
      void client.end().catch(() => undefined);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${repo.JOBS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.unlisten = () => client.end();
  }
}
