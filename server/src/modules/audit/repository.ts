import type { Executor } from '../../db/database.ts';
import { auditLog } from '../../db/schema/index.ts';

export type NewAuditEntry = typeof auditLog.$inferInsert;

export async function appendAuditEntry(db: Executor, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}
