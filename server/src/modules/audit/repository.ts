import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { after, type Cursor } from '../../db/keyset.ts';
import { auditLog } from '../../db/schema/index.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function appendAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

export function listEntries(
  db: Executor,
  filters: { actorId?: string | undefined; targetUserId?: string | undefined },
  cursor: Cursor | undefined,
  limit: number,
) {
  return db
    .select({ entry: auditLog, cursorAt: sql<string>`${auditLog.createdAt}::text` })
    .from(auditLog)
    .where(
      and(
        filters.actorId ? eq(auditLog.actorId, filters.actorId) : undefined,
        filters.targetUserId ? eq(auditLog.targetUserId, filters.targetUserId) : undefined,
        after(auditLog.createdAt, auditLog.id, cursor),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** Everyone who has acted, under the name they last acted with. */
export function actors(db: Executor) {
  return db
    .select({ id: auditLog.actorId, name: sql<string>`(array_agg(${auditLog.actorName} order by ${auditLog.createdAt} desc))[1]` })
    .from(auditLog)
    .groupBy(auditLog.actorId)
    .orderBy(auditLog.actorId);
}
