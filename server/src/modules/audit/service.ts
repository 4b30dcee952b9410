import type { CurrentUser } from '@swapyard/contract';
import type { Executor } from '../../db/database.ts';
import { appendAuditEntry } from './repository.ts';

/** What a moderator or admin did, to what, and why. */
export interface AuditAction {
  action: string;
  targetType: 'item' | 'user' | 'message' | 'report' | 'invite' | 'settings';
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
  /** Written in the caller's transaction: an action and its record land together or not at all. */
  async record(tx: Executor, actor: Pick<CurrentUser, 'id' | 'displayName'>, entry: AuditAction): Promise<void> {
    await appendAuditEntry(tx, { ...entry, actorId: actor.id, actorName: actor.displayName });
  }
}
