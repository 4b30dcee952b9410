import type { SwapProblemReason } from '@swapyard/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { after, type Cursor } from '../../db/keyset.ts';
import { proposals, swapProblems } from '../../db/schema/index.ts';

export type SwapProblemRow = typeof swapProblems.$inferSelect;

/** Undefined when this member already has an open problem with this swap (the partial unique index). */
export async function insertProblem(
  db: Executor,
  values: { proposalId: string; reporterId: string; reason: SwapProblemReason; note: string; photoKeys: string[] },
): Promise<SwapProblemRow | undefined> {
  const [row] = await db.insert(swapProblems).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findProblem(db: Executor, id: string): Promise<SwapProblemRow | undefined> {
  const [row] = await db.select().from(swapProblems).where(eq(swapProblems.id, id));
  return row;
}

/** Every problem reported with this swap, newest first: a swap has one or two. */
export function problemsOf(db: Executor, proposalId: string) {
  return db
    .select()
    .from(swapProblems)
    .where(eq(swapProblems.proposalId, proposalId))
    .orderBy(desc(swapProblems.createdAt), desc(swapProblems.id));
}

/** The problems this member reported, newest first. */
export function problemsReportedBy(db: Executor, reporterId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ problem: swapProblems, cursorAt: sql<string>`${swapProblems.createdAt}::text` })
    .from(swapProblems)
    .where(and(eq(swapProblems.reporterId, reporterId), after(swapProblems.createdAt, swapProblems.id, cursor)))
    .orderBy(desc(swapProblems.createdAt), desc(swapProblems.id))
    .limit(limit);
}

/** The open problems, newest first, for the moderators' queue. */
export function openProblems(db: Executor, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ problem: swapProblems, cursorAt: sql<string>`${swapProblems.createdAt}::text` })
    .from(swapProblems)
    .where(and(eq(swapProblems.status, 'open'), after(swapProblems.createdAt, swapProblems.id, cursor)))
    .orderBy(desc(swapProblems.createdAt), desc(swapProblems.id))
    .limit(limit);
}

/** Closes the problem if it is still open; undefined when a moderator already handled it. */
export async function closeProblem(
  db: Executor,
  id: string,
  change: { status: 'dismissed' | 'reversed'; resolvedBy: string; resolution: string; shortfall?: number },
): Promise<SwapProblemRow | undefined> {
  const [row] = await db
    .update(swapProblems)
    .set({ ...change, resolvedAt: sql`now()` })
    .where(and(eq(swapProblems.id, id), eq(swapProblems.status, 'open')))
    .returning();
  return row;
}

/** The other side's report of the same swap is answered by the same reversal. */
export async function closeOthersOfReversed(db: Executor, proposalId: string, change: { resolvedBy: string; resolution: string }) {
  await db
    .update(swapProblems)
    .set({ ...change, status: 'reversed', resolvedAt: sql`now()` })
    .where(and(eq(swapProblems.proposalId, proposalId), eq(swapProblems.status, 'open')));
}

/** A problem still waiting for a moderator, or one that reversed the swap. */
export async function hasOpenOrUpheld(db: Executor, proposalIds: string[]): Promise<Set<string>> {
  if (proposalIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ proposalId: swapProblems.proposalId })
    .from(swapProblems)
    .where(and(inArray(swapProblems.proposalId, proposalIds), inArray(swapProblems.status, ['open', 'reversed'])));
  return new Set(rows.map((row) => row.proposalId));
}

/** The photo keys of every problem with a swap of this item: its proposals, and their problems, go with it. */
export async function photoKeysOfItem(db: Executor, itemId: string): Promise<string[]> {
  const rows = await db
    .select({ photoKeys: swapProblems.photoKeys })
    .from(swapProblems)
    .innerJoin(proposals, eq(proposals.id, swapProblems.proposalId))
    .where(eq(proposals.itemId, itemId));
  return rows.flatMap((row) => row.photoKeys);
}
