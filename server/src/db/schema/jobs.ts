import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Work to do after a commit (the transactional outbox, docs/decisions/019): written in the
 * transaction that causes it, run by a worker in any instance, deleted once done. A row with
 * failed_at set gave up and is kept for the operator.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** While a job with this key waits or runs, another enqueue with the same key adds nothing (a message's quiet spell). */
    key: text('key'),
    /** Claims so far, a crashed one included. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a claim: the job is someone's until then; past it, a worker that died is presumed gone. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Names the claim, so a worker whose lease ran out cannot finish or fail a job another has claimed since. */
    claim: uuid('claim'),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.failedAt} IS NULL`),
    // Done rows are deleted; a given-up one keeps its key but no longer holds it.
    uniqueIndex('jobs_live_key_idx').on(t.key).where(sql`${t.key} IS NOT NULL AND ${t.failedAt} IS NULL`),
  ],
);
