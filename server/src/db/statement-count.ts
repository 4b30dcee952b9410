import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

/** The statements of the work being recorded, if any: what a request costs the database (docs/scaling.md). */
const recording = new AsyncLocalStorage<string[]>();

/**
 * Counts a statement sent outside Drizzle (the event bus's NOTIFY on its own connection) as the
 * recorded work's: it is a round trip the request waits for all the same.
 */
export function recordStatement(query: string): void {
  recording.getStore()?.push(query);
}

/** Drizzle's logger on both engines: each statement it sends goes to the recording of the work that sent it. */
export const statementRecorder: Logger = {
  logQuery: recordStatement,
};

/**
 * Runs the work and returns the statements it sent through Drizzle, in order, and only its own,
 * whatever else runs meanwhile. On PostgreSQL each is a round trip, a transaction's begin and commit
 * included; PGlite sends its begin and commit itself, unseen here.
 */
export async function recordStatements<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  // Awaited inside the run: a Drizzle query or an inject() starts only when awaited, and must start in the recording.
  const result = await recording.run(statements, async () => await work());
  // Work the request set going (a job run, a fan-out) may go on after it: its statements are not the request's.
  return { result, statements: [...statements] };
}
