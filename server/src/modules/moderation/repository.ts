import type { ReportTargetType } from '@swapyard/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import type { Cursor } from '../../db/keyset.ts';
import { reports } from '../../db/schema/index.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = Pick<ReportRow, 'reporterId' | 'targetType' | 'targetId' | 'targetUserId' | 'reason' | 'note'>;

/** Undefined when the reporter already has an open report of this target (the partial unique index). */
export async function insertReport(db: Executor, values: NewReport): Promise<ReportRow | undefined> {
  const [row] = await db.insert(reports).values(values).onConflictDoNothing().returning();
  return row;
}

const latest = sql<Date>`max(${reports.createdAt})`;

/** Open reports grouped by target, the most recently reported first; the cursor is (latest report, target id). */
export function openGroups(db: Executor, cursor: Cursor | undefined, limit: number) {
  return db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      count: sql<number>`count(*)::int`,
      latestAt: sql<string>`max(${reports.createdAt})::text`,
    })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .groupBy(reports.targetType, reports.targetId, reports.targetUserId)
    .having(cursor ? sql`(${latest}, ${reports.targetId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined)
    .orderBy(desc(latest), desc(reports.targetId))
    .limit(limit);
}

export function openReportsOf(db: Executor, targetIds: string[]) {
  if (targetIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.status, 'open'), inArray(reports.targetId, targetIds)))
    .orderBy(desc(reports.createdAt), desc(reports.id));
}

/** Closes the target's open reports as dismissed or acted on; returns how many there were. */
export async function resolveOpen(
  db: Executor,
  target: { targetType: ReportTargetType; targetId: string },
  status: 'dismissed' | 'actioned',
  resolvedBy: string,
): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ status, resolvedAt: sql`now()`, resolvedBy })
    .where(and(eq(reports.status, 'open'), eq(reports.targetType, target.targetType), eq(reports.targetId, target.targetId)))
    .returning({ id: reports.id });
  return rows.length;
}
