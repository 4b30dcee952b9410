import type { AuditActionName, AuditPage, CurrentUser } from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { actors, appendAuditEntry, listEntries } from './repository.ts';

/** What a moderator or admin did, to what, and why. */
export interface AuditAction {
  action: AuditActionName;
  targetType: 'item' | 'user' | 'message' | 'report' | 'invite' | 'settings' | 'proposal';
  targetId: string;
  /** The member the target belongs to, when there is one. */
  targetUserId?: string | null;
  /** How the target read at the time (a listing's title, a member's name), kept as it was. */
  targetLabel?: string;
  reason?: string;
  details?: Record<string, unknown>;
}

/** The append-only record of every moderator and admin action. */
export class AuditService {
  constructor(private readonly db: Database) {}

  /** Written in the caller's transaction: an action and its record land together or not at all. */
  async record(tx: Executor, actor: Pick<CurrentUser, 'id' | 'displayName'>, entry: AuditAction): Promise<void> {
    await appendAuditEntry(tx, { ...entry, actorId: actor.id, actorName: actor.displayName });
  }

  /** Newest first, a page at a time, narrowed to one moderator or one target member when asked. */
  async list(filters: { actorId?: string | undefined; targetUserId?: string | undefined }, cursor: string | undefined, limit: number): Promise<AuditPage> {
    const rows = await listEntries(this.db, filters, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.entry.id]);
    return {
      entries: visible.map(({ entry }) => ({
        id: entry.id,
        actorId: entry.actorId,
        actorName: entry.actorName,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        targetUserId: entry.targetUserId,
        targetLabel: entry.targetLabel,
        reason: entry.reason,
        createdAt: entry.createdAt.toISOString(),
      })),
      nextCursor,
      actors: await actors(this.db),
    };
  }
}
