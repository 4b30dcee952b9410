import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs } from '../db/schema/index.ts';

/**
 * Time passes for the waiting jobs of one kind: they fall due now. A run this instance already
 * began (woken by an earlier commit) ends first: a job it holds would otherwise be postponed by
 * that run after this moved it, and never fall due (seen under a CPU hog as a mail not sent).
 */
export async function jobsFallDue(app: FastifyInstance, kind: string): Promise<void> {
  await app.services.jobs.runDue();
  await app.services.database.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.kind, kind));
}
