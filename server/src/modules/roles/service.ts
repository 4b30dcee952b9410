import { TEXT, type AdminMember, type AdminMemberListQuery, type AdminMemberPage, type CurrentUser, type Role } from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { AuditService } from '../audit/service.ts';
import * as repo from './repository.ts';

export type RoleActor = Pick<CurrentUser, 'id' | 'displayName' | 'role'>;

/**
 * The operator at the command line (`npm run admin`): no account, so the audit log names it instead.
 * Its id is no member's, and its role lets it act when the community has no admin left to ask.
 */
export const COMMAND_LINE_ACTOR: RoleActor = {
  id: '00000000-0000-0000-0000-000000000000',
  displayName: 'Command line (npm run admin)',
  role: 'admin',
};

function present(row: repo.MemberRow): AdminMember {
  return { id: row.id, displayName: row.displayName, email: row.email, role: row.role as Role, createdAt: row.createdAt.toISOString() };
}

/** Who may do what: the first member becomes admin, admins give roles, and an admin is always left. */
export class RolesService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly bus: EventBus,
  ) {}

  /** In the registration's transaction, before the member is written: admin for the first account on an empty site. */
  async roleForNewAccount(tx: Executor): Promise<Role> {
    // Once anyone has registered, which is every registration but the first, no lock is needed.
    if (await repo.anyAccountExists(tx)) return 'member';
    await repo.lockAdmins(tx);
    // Each statement sees what committed before it: a first registration that held the lock meanwhile is seen now.
    return (await repo.anyAccountExists(tx)) ? 'member' : 'admin';
  }

  /** First in the account deletion's transaction: the community's last admin cannot leave it without one. */
  async refuseLastAdminLeaving(tx: Executor, userId: string): Promise<void> {
    await repo.lockAdmins(tx);
    const member = await repo.findMember(tx, userId);
    if (member?.role === 'admin' && (await repo.countOtherAdmins(tx, userId)) === 0) throw conflict(TEXT.roles.lastAdminDelete);
  }

  async list(actor: RoleActor, { q, cursor, limit }: AdminMemberListQuery): Promise<AdminMemberPage> {
    if (actor.role === 'member') throw notFound(TEXT.errors.notFound);
    const rows = await repo.listMembers(this.db, q, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.id]);
    return { members: visible.map(present), nextCursor };
  }

  /** The open account with this email, for the command line. */
  async memberByEmail(email: string): Promise<AdminMember | undefined> {
    const row = await repo.findMemberByEmail(this.db, email);
    return row && present(row);
  }

  /**
   * Under the admins' lock, so two admins demoting each other at once leave one: the second finds
   * it is no longer an admin. The actor's role is read again there for the same reason.
   */
  async changeRole(actor: RoleActor, targetId: string, role: Role): Promise<AdminMember> {
    if (actor.role !== 'admin') throw actor.role === 'member' ? notFound(TEXT.errors.notFound) : forbidden(TEXT.errors.adminsOnly);
    const { member, changed } = await this.db.transaction(async (tx) => {
      await repo.lockAdmins(tx);
      if (actor !== COMMAND_LINE_ACTOR && (await repo.findMember(tx, actor.id))?.role !== 'admin') {
        throw forbidden(TEXT.errors.adminsOnly);
      }
      const target = await repo.findMember(tx, targetId);
      if (!target) throw notFound(TEXT.roles.memberNotFound);
      if (target.role === role) return { member: present(target), changed: false };
      if (target.role === 'admin' && (await repo.countOtherAdmins(tx, target.id)) === 0) throw conflict(TEXT.roles.lastAdminDemote);
      await repo.setRole(tx, target.id, role);
      await this.audit.record(tx, actor, {
        action: 'role_changed',
        targetType: 'user',
        targetId: target.id,
        targetUserId: target.id,
        targetLabel: target.displayName,
        details: { from: target.role, to: role },
      });
      return { member: present({ ...target, role }), changed: true };
    });
    if (changed) await this.bus.publish({ rooms: [rooms.user(member.id)], event: { type: 'role.updated', data: { userId: member.id, role } } });
    return member;
  }
}
