import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  TEXT,
  type MailKind,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type UnsubscribeResponse,
} from '@swapyard/contract';
import type { SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { Session } from '../auth/service.ts';
import type { ServerSecretsService } from '../server-secrets/service.ts';
import * as repo from './repository.ts';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token.ts';

/** Stored as a kind of its own: one switch, for mail only. */
const WEEKLY_SUMMARY = { kind: 'weekly_summary', channel: 'email' } as const;
const UNSUBSCRIBE_KEY = 'unsubscribe-link-key';

/** Which notices reach a member outside the app. A member's preferences are theirs alone: every call is about the caller, or a signed link. */
export class NotificationPreferencesService {
  constructor(
    private readonly db: Database,
    private readonly secrets: ServerSecretsService,
  ) {}

  async get(session: Session): Promise<NotificationPreferences> {
    return present(await repo.rowsOf(this.db, session.userId));
  }

  async replace(session: Session, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    const rows = [
      ...NOTIFICATION_KINDS.flatMap((kind) => NOTIFICATION_CHANNELS.map((channel) => ({ kind, channel, enabled: preferences[kind][channel] }))),
      { ...WEEKLY_SUMMARY, enabled: preferences.weeklySummary },
    ];
    await repo.save(this.db, session.userId, rows);
    return preferences;
  }

  /** For delivery, in any transaction: whether this member wants this kind on this channel now. */
  async wants(db: Executor, userId: string, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
    return (await repo.enabled(db, userId, kind, channel)) ?? NOTIFICATION_DEFAULTS[kind][channel];
  }

  /** wants() as a condition inside a caller's statement (docs/decisions/029). */
  wantsSql(userId: string, kind: NotificationKind, channel: NotificationChannel): SQL<boolean> {
    return repo.enabledSql(userId, kind, channel, NOTIFICATION_DEFAULTS[kind][channel]);
  }

  /** For the weekly summary, when it is about to be written: whether the member still wants it. */
  async wantsWeeklySummary(db: Executor, userId: string): Promise<boolean> {
    return (await repo.enabled(db, userId, WEEKLY_SUMMARY.kind, WEEKLY_SUMMARY.channel)) ?? NOTIFICATION_DEFAULTS.weeklySummary;
  }

  /** The token of a mail's unsubscribe links (the one-click POST and the page), for this member and kind. */
  async unsubscribeToken(userId: string, kind: MailKind): Promise<string> {
    return signUnsubscribe(await this.key(), userId, kind);
  }

  /** Switches off the mail a genuine link names; anything else changes nothing. No session: the link's signature is the permission. */
  async unsubscribe(token: string): Promise<UnsubscribeResponse> {
    const named = verifyUnsubscribe(await this.key(), token);
    if (!named) throw badRequest(TEXT.notificationPreferences.unsubscribeInvalid);
    const stored = named.kind === 'weeklySummary' ? WEEKLY_SUMMARY : { kind: named.kind, channel: 'email' };
    await repo.save(this.db, named.userId, [{ ...stored, enabled: false }]);
    return { kind: named.kind, channel: 'email' };
  }

  private key(): Promise<string> {
    return this.secrets.get(UNSUBSCRIBE_KEY, () => randomBytes(32).toString('base64url'));
  }
}

function present(rows: repo.PreferenceRow[]): NotificationPreferences {
  const stored = new Map(rows.map((row) => [`${row.kind}.${row.channel}`, row.enabled]));
  const pick = (kind: string, channel: string, fallback: boolean) => stored.get(`${kind}.${channel}`) ?? fallback;
  const kinds = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, pick(kind, channel, NOTIFICATION_DEFAULTS[kind][channel])])),
    ]),
  ) as Omit<NotificationPreferences, 'weeklySummary'>;
  return { ...kinds, weeklySummary: pick(WEEKLY_SUMMARY.kind, WEEKLY_SUMMARY.channel, NOTIFICATION_DEFAULTS.weeklySummary) };
}
