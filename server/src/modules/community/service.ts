import {
  isLocale,
  TEXT,
  waitIn,
  type Locale,
  type CommunitySettings,
  type CreateInviteBody,
  type CreatedInviteResponse,
  type CurrentUser,
  type InviteCheckResponse,
  type InviteStatus,
  type InviteSummary,
  type PublicCommunity,
  type updateCommunitySettingsBody,
} from '@swapyard/contract';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { forbidden, notFound, tooManyRequests, unauthenticated } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { AuditService } from '../audit/service.ts';
import * as repo from './repository.ts';

const t = TEXT.community;
const DAY_MS = 24 * 3_600_000;
/** The invites page lists the newest; older ones have long expired. */
const INVITES_LISTED = 200;

type Actor = Pick<CurrentUser, 'id' | 'displayName'>;

/** What a new member's daily limit counts: listings they post, or conversations they start. */
export type NewMemberAction = 'listings' | 'conversations';

/** When the member did that kind of thing since `since` (their own rows only), in any order. */
export type RecentActions = (since: Date) => Promise<Date[]>;

function presentSettings(row: repo.SettingsRow, serverDefault: Locale): CommunitySettings {
  return {
    name: row.name,
    description: row.description,
    welcomePoints: row.welcomePoints,
    rules: row.rules,
    joinMode: row.joinMode as CommunitySettings['joinMode'],
    allowedDomains: row.allowedDomains,
    newMemberDays: row.newMemberDays,
    newMemberListingsPerDay: row.newMemberListingsPerDay,
    newMemberConversationsPerDay: row.newMemberConversationsPerDay,
    defaultLocale: isLocale(row.defaultLocale) ? row.defaultLocale : serverDefault,
  };
}

/** How long an instance trusts the community's language it read: another instance's change shows within this. */
const DEFAULT_LOCALE_TTL_MS = 30_000;

function inviteStatus(invite: repo.InviteRow, now = Date.now()): InviteStatus {
  if (invite.revokedAt) return 'revoked';
  if (invite.uses >= invite.maxUses) return 'used_up';
  if (invite.expiresAt.getTime() <= now) return 'expired';
  return 'active';
}

function presentInvite({ invite, createdByName }: repo.InviteListRow): InviteSummary {
  return {
    id: invite.id,
    maxUses: invite.maxUses,
    uses: invite.uses,
    expiresAt: invite.expiresAt.toISOString(),
    createdAt: invite.createdAt.toISOString(),
    revokedAt: invite.revokedAt?.toISOString() ?? null,
    status: inviteStatus(invite),
    createdByName,
  };
}

/** Read when an invite is refused, in that request's language. */
const INVITE_REFUSAL: Record<Exclude<InviteStatus, 'active'>, () => string> = {
  expired: () => t.inviteExpired,
  used_up: () => t.inviteUsedUp,
  revoked: () => t.inviteRevoked,
};

/** The operator's choices for the community (admins), who may join, and the limits new members start with. */
export class CommunityService {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditService,
    private readonly options: { newMemberLimits: boolean; defaultLocale: Locale },
  ) {}

  private defaultLocaleRead: { locale: Locale; at: number } | undefined;

  async settings(db: Executor = this.db): Promise<CommunitySettings> {
    return presentSettings(await repo.readSettings(db), this.options.defaultLocale);
  }

  /**
   * The community's language (an admin's choice, else DEFAULT_LOCALE): for visitors whose browser
   * asks for none of ours and for mail to members who never chose. Asked on such requests, so read
   * at most every 30 seconds per instance; this instance's own change at once.
   */
  async defaultLocale(): Promise<Locale> {
    const read = this.defaultLocaleRead;
    if (read && Date.now() - read.at < DEFAULT_LOCALE_TTL_MS) return read.locale;
    const { defaultLocale } = await this.settings();
    this.defaultLocaleRead = { locale: defaultLocale, at: Date.now() };
    return defaultLocale;
  }

  /** For everyone, signed in or not: the header, the sign-in page, the rules and the sign-up form read it. */
  async publicView(): Promise<PublicCommunity> {
    const { name, description, rules, joinMode } = await this.settings();
    return { name, description, rules, joinMode };
  }

  /** Changes apply from now on: members already welcomed keep the points they were given. */
  async update(actor: CurrentUser, input: z.output<typeof updateCommunitySettingsBody>): Promise<CommunitySettings> {
    if (actor.role !== 'admin') throw forbidden(TEXT.errors.adminsOnly);
    const saved = await this.db.transaction(async (tx) => {
      const before = presentSettings(await repo.readSettings(tx, true), this.options.defaultLocale);
      const after = presentSettings(await repo.updateSettings(tx, input), this.options.defaultLocale);
      const changed = (Object.keys(after) as (keyof CommunitySettings)[]).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      if (changed.length > 0) {
        await this.audit.record(tx, actor, {
          action: 'settings_changed',
          targetType: 'settings',
          targetId: 'community',
          targetLabel: after.name,
          // The rules can be long: the log says they changed, the settings page shows them.
          details: Object.fromEntries(
            changed.map((key) => [key, key === 'rules' ? { changed: true } : { from: before[key], to: after[key] }]),
          ),
        });
      }
      return after;
    });
    this.defaultLocaleRead = { locale: saved.defaultLocale, at: Date.now() };
    return saved;
  }

  /**
   * In the registration's transaction, before the member is written: refuses an address or a
   * missing invite the community does not admit, and uses the invite (given back if the
   * registration then fails). Returns the points a member joining now is welcomed with.
   */
  async admit(tx: Executor, email: string, inviteToken: string | undefined): Promise<{ welcomePoints: number }> {
    const settings = await this.settings(tx);
    if (settings.joinMode === 'domain') {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      if (!settings.allowedDomains.includes(domain)) throw forbidden(t.domainRefused({ domains: settings.allowedDomains.join(', ') }));
    }
    if (settings.joinMode === 'invite') {
      if (!inviteToken) throw forbidden(t.inviteRequired);
      const tokenHash = hashToken(inviteToken);
      if (!(await repo.useInvite(tx, tokenHash))) {
        const invite = await repo.findInviteByHash(tx, tokenHash);
        const status = invite ? inviteStatus(invite) : 'unknown';
        throw forbidden(status === 'unknown' || status === 'active' ? t.inviteUnknown : INVITE_REFUSAL[status]());
      }
    }
    return { welcomePoints: settings.welcomePoints };
  }

  /** Whether an invite link can be used now; anyone may ask, as the sign-up page does before showing its form. */
  async checkInvite(token: string): Promise<InviteCheckResponse> {
    const invite = await repo.findInviteByHash(this.db, hashToken(token));
    return { status: invite ? inviteStatus(invite) : 'unknown' };
  }

  async listInvites(): Promise<InviteSummary[]> {
    return (await repo.newestInvites(this.db, INVITES_LISTED)).map((row) => presentInvite(row));
  }

  /** The token leaves the server this once; the table keeps only its hash, as for reset links. */
  async createInvite(actor: CurrentUser, input: CreateInviteBody): Promise<CreatedInviteResponse> {
    const token = newToken();
    const invite = await this.db.transaction(async (tx) => {
      const row = await repo.insertInvite(tx, {
        tokenHash: hashToken(token),
        createdBy: actor.id,
        maxUses: input.maxUses,
        expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
      });
      await this.audit.record(tx, actor, {
        action: 'invite_created',
        targetType: 'invite',
        targetId: row.id,
        details: { maxUses: row.maxUses, expiresAt: row.expiresAt.toISOString() },
      });
      return row;
    });
    return { invite: presentInvite({ invite, createdByName: actor.displayName }), token };
  }

  /** Revoking a revoked invite changes nothing and records nothing. */
  async revokeInvite(actor: Actor, id: string): Promise<InviteSummary> {
    return this.db.transaction(async (tx) => {
      if (await repo.revokeInvite(tx, id)) {
        await this.audit.record(tx, actor, { action: 'invite_revoked', targetType: 'invite', targetId: id });
      }
      const row = await repo.findInvite(tx, id);
      if (!row) throw notFound(t.inviteNotFound);
      return presentInvite(row);
    });
  }

  /**
   * In the transaction that creates a listing or starts a conversation, before it does: a member
   * in their first days may do each only so many times in 24 hours. Their row stays locked until
   * the transaction ends, so their own concurrent requests count one after another. The refusal
   * says when the oldest of today's actions leaves the window, or the member stops being new.
   */
  async limitNewMember(tx: Executor, userId: string, action: NewMemberAction, recent: RecentActions): Promise<void> {
    if (!this.options.newMemberLimits) return;
    const member = await repo.lockMember(tx, userId);
    if (!member) throw unauthenticated(TEXT.auth.required);
    const settings = await this.settings(tx);
    const now = Date.now();
    const newUntil = member.createdAt.getTime() + settings.newMemberDays * DAY_MS;
    if (newUntil <= now) return;
    const limit = action === 'listings' ? settings.newMemberListingsPerDay : settings.newMemberConversationsPerDay;
    const times = (await recent(new Date(now - DAY_MS))).map((time) => time.getTime()).sort((a, b) => a - b);
    if (times.length < limit) return;
    // The action that must leave the 24-hour window before one more fits in it.
    const freed = limit === 0 ? newUntil : times[times.length - limit]! + DAY_MS;
    const seconds = Math.max(1, Math.ceil((Math.min(freed, newUntil) - now) / 1000));
    const refusal = { limit, ...waitIn(seconds) };
    throw tooManyRequests(action === 'listings' ? t.listingLimit(refusal) : t.conversationLimit(refusal), seconds);
  }
}
