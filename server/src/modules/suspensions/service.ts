import { currentLocale, TEXT, type CurrentUser, type LiftSuspensionBody, type MemberDetail, type Role, type SuspendBody, type Suspension, type SuspensionDuration, type Locale } from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { AuthService } from '../auth/service.ts';
import type { ItemsService } from '../items/service.ts';
import type { ProposalsService } from '../proposals/service.ts';
import * as repo from './repository.ts';

const t = TEXT.suspensions;
const DAY_MS = 86_400_000;
const DAYS: Record<Exclude<SuspensionDuration, 'indefinite'>, number> = { '1d': 1, '7d': 7, '30d': 30 };

/** The date as each language writes it: "3 March 2026", "3 de marzo de 2026", "3. März 2026". */
const DATE_LOCALE: Record<Locale, string> = { en: 'en-GB', es: 'es', de: 'de' };

/** What sign-in tells a suspended member, in the request's language; the date is UTC's, the same for every reader. */
export function signInRefusal(endsAt: Date | null): string {
  if (!endsAt) return t.signInIndefinite;
  const date = endsAt.toLocaleDateString(DATE_LOCALE[currentLocale()], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return t.signInUntil({ date });
}

type Member = NonNullable<Awaited<ReturnType<typeof repo.findMember>>>;

/** Moderators suspend members and lift suspensions; an admin also moderators. Nobody acts on themselves. */
function mayAct(actor: Pick<CurrentUser, 'id' | 'role'>, member: Pick<Member, 'id' | 'role'>): boolean {
  return actor.id !== member.id && (actor.role === 'admin' || member.role !== 'admin');
}

export class SuspensionsService {
  constructor(
    private readonly db: Database,
    private readonly auth: AuthService,
    private readonly items: ItemsService,
    private readonly proposals: ProposalsService,
    private readonly audit: AuditService,
  ) {
    auth.onSignIn((tx, userId) => this.refuseSuspended(tx, userId));
  }

  async detail(viewer: CurrentUser, memberId: string): Promise<MemberDetail> {
    const member = await repo.findMember(this.db, memberId);
    if (!member || member.deletedAt) throw notFound(t.memberNotFound);
    const [history, openReports] = await Promise.all([
      repo.suspensionsOf(this.db, memberId),
      repo.countOpenReportsAbout(this.db, memberId),
    ]);
    const suspensions = history.map(presentSuspension);
    return {
      id: member.id,
      displayName: member.displayName,
      email: member.email,
      role: member.role as Role,
      joinedAt: member.createdAt.toISOString(),
      activeSuspension: suspensions.find((suspension) => suspension.active) ?? null,
      suspensions,
      openReports,
      canAct: mayAct(viewer, { id: member.id, role: member.role as Role }),
    };
  }

  /**
   * One transaction, in the lock order of "A swap" (items, proposals, members): their listings,
   * their pending proposals (withdrawn), then their row, which sign-in also locks. Their sessions
   * end with it, on every instance; no ledger entry is written, so their points stay as they are.
   */
  async suspend(actor: CurrentUser, memberId: string, { duration, reason }: SuspendBody): Promise<MemberDetail> {
    await this.actingOn(actor, memberId);
    const endsAt = duration === 'indefinite' ? null : new Date(Date.now() + DAYS[duration] * DAY_MS);
    const { ended, withdrawn, listings } = await transactionWithRetry(this.db, async (tx) => {
      const listings = await this.items.lockListingsOf(tx, memberId);
      const withdrawn = await this.proposals.withdrawAllOf(tx, memberId);
      const member = await repo.lockMember(tx, memberId);
      if (!member || member.deletedAt) throw notFound(t.memberNotFound);
      if (await repo.activeSuspensionOf(tx, memberId)) throw conflict(t.alreadySuspended);
      await repo.insertSuspension(tx, { userId: memberId, moderatorId: actor.id, reason, endsAt });
      const ended = await this.auth.endAllSessionsOf(tx, memberId);
      await this.audit.record(tx, actor, {
        action: 'member_suspended',
        targetType: 'user',
        targetId: memberId,
        targetUserId: memberId,
        targetLabel: member.displayName,
        reason,
        details: { duration, until: endsAt?.toISOString() ?? null },
      });
      return { ended, withdrawn, listings };
    });
    await this.auth.endSessions(ended);
    await this.proposals.announce(withdrawn);
    await this.items.announceVisibility(listings, memberId);
    return this.detail(actor, memberId);
  }

  async lift(actor: CurrentUser, memberId: string, { reason }: LiftSuspensionBody): Promise<MemberDetail> {
    await this.actingOn(actor, memberId);
    const listings = await transactionWithRetry(this.db, async (tx) => {
      // The same lock order as suspend(), so the two never wait on each other in a circle.
      const listings = await this.items.lockListingsOf(tx, memberId);
      const member = await repo.lockMember(tx, memberId);
      if (!member || member.deletedAt) throw notFound(t.memberNotFound);
      const active = await repo.activeSuspensionOf(tx, memberId);
      if (!active) throw conflict(t.notSuspended);
      await repo.liftSuspension(tx, active.id, actor.id);
      await this.audit.record(tx, actor, {
        action: 'suspension_lifted',
        targetType: 'user',
        targetId: memberId,
        targetUserId: memberId,
        targetLabel: member.displayName,
        reason,
        details: { suspensionId: active.id },
      });
      return listings;
    });
    await this.items.announceVisibility(listings, memberId);
    return this.detail(actor, memberId);
  }

  private async actingOn(actor: CurrentUser, memberId: string): Promise<void> {
    const member = await repo.findMember(this.db, memberId);
    if (!member || member.deletedAt) throw notFound(t.memberNotFound);
    if (actor.id === member.id) throw forbidden(t.notYourself);
    if (!mayAct(actor, { id: member.id, role: member.role as Role })) throw forbidden(t.notAnAdmin);
  }

  private async refuseSuspended(tx: Executor, userId: string): Promise<void> {
    const active = await repo.activeSuspensionOf(tx, userId);
    if (active) throw forbidden(signInRefusal(active.endsAt));
  }
}

function presentSuspension({ suspension, active, by, liftedBy }: repo.SuspensionWithNames): Suspension {
  return {
    id: suspension.id,
    reason: suspension.reason,
    startsAt: suspension.startsAt.toISOString(),
    endsAt: suspension.endsAt?.toISOString() ?? null,
    liftedAt: suspension.liftedAt?.toISOString() ?? null,
    by: by?.id ? { id: by.id, displayName: by.displayName } : null,
    liftedBy: liftedBy?.id ? { id: liftedBy.id, displayName: liftedBy.displayName } : null,
    active,
  };
}
