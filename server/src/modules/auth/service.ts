import {
  BROWSER_SESSION_HOURS,
  EMAIL_CHANGE_HOURS,
  PASSWORD_RESET_MINUTES,
  REMEMBERED_SESSION_DAYS,
  currentLocale,
  TEXT,
  type ChangePasswordBody,
  type ConfirmEmailBody,
  type CurrentUser,
  type EmailChangeBody,
  type EmailChangeResponse,
  type DeviceSession,
  type ForgotPasswordBody,
  type LanguageBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@swapyard/contract';
import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, conflict, notFound, unauthenticated } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { JobKind, JobQueue } from '../../jobs/queue.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import { accountMailJob, renderAccountMail } from './mails.ts';
import { hashPassword, passwordMatches } from './passwords.ts';
import { presentSession, publicSessionId, storableUserAgent } from './present-session.ts';
import { presentCurrentUser } from './present-user.ts';
import * as repo from './repository.ts';
import { SessionCache } from './session-cache.ts';
import type { CommunityService } from '../community/service.ts';
import type { PointsService } from '../points/service.ts';
import type { RolesService } from '../roles/service.ts';

const HOUR_MS = 3_600_000;
// Touching last_seen_at on every request would turn every read into a write.
const TOUCH_INTERVAL_MS = 5 * 60_000;

export interface SignedIn {
  user: CurrentUser;
  token: string;
  remember: boolean;
}

export interface Session {
  id: string;
  userId: string;
  /** The member as the database has them now; read on first call, once per request. */
  user(): Promise<CurrentUser>;
}

/**
 * Runs in the transaction that starts a session, with the member's row locked: throws to refuse
 * the sign-in. Suspensions hook in here without auth depending on them.
 */
export type SignInCheck = (tx: Executor, userId: string) => Promise<void>;

export class AuthService {
  private readonly sessions = new SessionCache();
  private readonly signInChecks: SignInCheck[] = [];
  private readonly mail: JobKind<z.input<typeof accountMailJob>>;
  private readonly resetRequest: JobKind<{ email: string }>;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly points: PointsService,
    private readonly roles: RolesService,
    private readonly community: CommunityService,
    jobs: JobQueue,
    mailer: Mailer,
    publicUrl: (path: string) => string,
  ) {
    bus.subscribe(this.sessions);
    this.mail = jobs.define('auth.mail', {
      payload: accountMailJob,
      handle: async (job) => mailer.send(renderAccountMail(job, await this.communityName(), publicUrl)),
    });
    this.resetRequest = jobs.define('auth.password-reset-request', {
      payload: z.object({ email: z.string() }),
      handle: ({ email }) => this.storeResetLink(email),
    });
  }

  /**
   * The member and their signup bonus (the community's welcome points as they are now) are created
   * together or not at all; so is the use of their invite, in a community that asks for one. The
   * first account on an empty site is its admin, and is told so.
   */
  async register(input: RegisterBody, userAgent: string | undefined): Promise<SignedIn & { message: string }> {
    const passwordHash = await hashPassword(input.password);
    const user = await this.db.transaction(async (tx) => {
      const { welcomePoints } = await this.community.admit(tx, input.email, input.invite);
      const row = await repo.insertUser(tx, {
        email: input.email,
        passwordHash,
        displayName: input.displayName,
        role: await this.roles.roleForNewAccount(tx),
        // The language they signed up in: their mails are written in it until they choose another.
        locale: currentLocale(),
      });
      if (!row) throw conflict(TEXT.account.emailTaken);
      const points = await this.points.move(tx, { userId: row.id, amount: welcomePoints, reason: 'signup_bonus' });
      return { ...row, points };
    });
    const signedIn = await this.startSession(this.db, user, false, userAgent);
    return { ...signedIn, message: user.role === 'admin' ? TEXT.roles.firstAdminWelcome : TEXT.account.registered };
  }

  /** A new session every time (rotation), and the one presented with the request is ended. */
  async login(
    email: string,
    password: string,
    remember: boolean,
    previousToken: string | undefined,
    userAgent: string | undefined,
  ): Promise<SignedIn> {
    const user = await repo.findUserByEmail(this.db, email);
    const valid = await passwordMatches(user?.passwordHash, password);
    if (!user || !valid) throw unauthenticated(TEXT.account.invalidCredentials);
    if (previousToken) await this.logout(previousToken);
    // The lock orders this after a suspension that holds it, whose sessions would otherwise miss this one.
    return this.db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      for (const check of this.signInChecks) await check(tx, user.id);
      return this.startSession(tx, user, remember, userAgent);
    });
  }

  onSignIn(check: SignInCheck): void {
    this.signInChecks.push(check);
  }

  /**
   * In the caller's transaction (a suspension's), after it locked the member: every session of
   * theirs ends. Returns the ended sessions, for endSessions() once the transaction has committed.
   */
  endAllSessionsOf(tx: Executor, userId: string): Promise<string[]> {
    return repo.deleteSessionsOfUser(tx, userId);
  }

  /**
   * In the transaction that deletes the account, last (the member's row is locked by then): the
   * sign-in columns are emptied and every session, reset link and email change ends. Returns the
   * ended sessions, for endSessions() once the transaction has committed.
   */
  async close(tx: Executor, userId: string): Promise<string[]> {
    if (!(await repo.closeAccount(tx, userId))) throw unauthenticated(TEXT.auth.required);
    await repo.endPasswordResetsOf(tx, userId);
    await repo.deleteEmailChangesOf(tx, userId);
    return repo.deleteSessionsOfUser(tx, userId);
  }

  /** After commit: every tab of these sessions goes to sign-in, on every instance, and its sockets close. */
  endSessions(ids: string[]): Promise<void> {
    return this.announceSessionsEnded(ids);
  }

  async logout(token: string): Promise<void> {
    const id = hashToken(token);
    if (await repo.deleteSession(this.db, id)) await this.announceSessionsEnded([id]);
  }

  /** The member's live sessions, the one making this request first, then the most recently used. */
  async listSessions(session: Session): Promise<DeviceSession[]> {
    const rows = await repo.liveSessionsOfUser(this.db, session.userId);
    return rows.map((row) => presentSession(row, session.id)).sort((a, b) => Number(b.current) - Number(a.current));
  }

  /** The ids of the member's sessions that have not expired: an expired one waits for the hourly prune. */
  async liveSessionIds(userId: string): Promise<string[]> {
    return (await repo.liveSessionsOfUser(this.db, userId)).map((row) => row.id);
  }

  /**
   * Looked up among the member's own sessions only, so another member's id, like an unknown one,
   * is not found. Ending the current one is signing out, which has its own route and clears the cookie.
   */
  async endSession(session: Session, publicId: string): Promise<void> {
    const rows = await repo.liveSessionsOfUser(this.db, session.userId);
    const target = rows.find((row) => row.id !== session.id && publicSessionId(row.id) === publicId);
    if (!target || !(await repo.deleteSessionOfUser(this.db, session.userId, target.id))) {
      throw notFound(TEXT.devices.notFound);
    }
    await this.announceSessionsEnded([target.id]);
  }

  async endOtherSessions(session: Session): Promise<void> {
    await this.announceSessionsEnded(await repo.deleteSessionsOfUserExcept(this.db, session.userId, session.id));
  }

  async resolve(token: string | undefined): Promise<Session | undefined> {
    if (!token) return undefined;
    const id = hashToken(token);
    let live = this.sessions.get(id);
    if (!live) {
      live = await repo.findLiveSession(this.db, id);
      if (!live) return undefined;
      this.sessions.set(live);
    }
    if (Date.now() - live.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      live.lastSeenAt = new Date();
      await repo.touchSession(this.db, id);
    }
    const { userId } = live;
    let user: Promise<CurrentUser> | undefined;
    return { id, userId, user: () => (user ??= this.currentUser(userId)) };
  }

  private async currentUser(userId: string): Promise<CurrentUser> {
    const row = await repo.findUserById(this.db, userId);
    // The session outlived its member (deleted by hand, or a request that began before the account closed): signed out.
    if (!row || row.deletedAt) throw unauthenticated(TEXT.auth.required);
    return presentCurrentUser(row);
  }

  async pruneExpiredSessions(): Promise<void> {
    await repo.deleteExpiredSessions(this.db);
  }

  /**
   * Answers after the same one write whether or not the email has an account: finding the member,
   * storing the link and mailing it are a job's, as a write and an SMTP round trip done for
   * members only would tell a stopwatch who has an account.
   */
  async requestPasswordReset({ email }: ForgotPasswordBody): Promise<void> {
    await this.resetRequest.enqueue(this.db, { email });
  }

  /**
   * Changing the password ends every session of the member, on every device, every other reset
   * link and an email change waiting for confirmation.
   */
  async resetPassword(input: ResetPasswordBody): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const ended = await this.db.transaction(async (tx) => {
      const userId = await repo.consumePasswordReset(tx, hashToken(input.token));
      if (!userId) throw badRequest(TEXT.account.resetInvalid);
      await repo.endPasswordResetsOf(tx, userId);
      await repo.deletePendingEmailChanges(tx, userId);
      await repo.updatePasswordHash(tx, userId, passwordHash);
      return repo.deleteSessionsOfUser(tx, userId);
    });
    await this.announceSessionsEnded(ended);
  }

  /**
   * Every other session of the member ends (their tabs go to /login), this one stays. So does
   * nothing else a leaked password could have started: reset links and an email change still
   * waiting for confirmation stop working. The member is told by mail, in case it was not them.
   */
  /** The member's choice in Settings: the app opens in it on every device, and their mails are written in it. */
  async setLanguage(session: Session, { locale }: LanguageBody): Promise<void> {
    await repo.setLocale(this.db, session.userId, locale);
  }

  async changePassword(session: Session, input: ChangePasswordBody): Promise<void> {
    const user = await this.reauthenticate(session, input.currentPassword);
    const passwordHash = await hashPassword(input.password);
    const ended = await this.db.transaction(async (tx) => {
      await repo.updatePasswordHash(tx, user.id, passwordHash);
      await repo.endPasswordResetsOf(tx, user.id);
      await repo.deletePendingEmailChanges(tx, user.id);
      await this.mail.enqueue(tx, { template: 'passwordChanged', to: user.email });
      return repo.deleteSessionsOfUserExcept(tx, user.id, session.id);
    });
    await this.announceSessionsEnded(ended);
  }

  /**
   * Nothing changes until the link mailed to the new address is opened, which proves the member
   * reads it; the current address is told, in case it was not them. A new request replaces the last.
   */
  async requestEmailChange(session: Session, input: EmailChangeBody): Promise<EmailChangeResponse> {
    const user = await this.reauthenticate(session, input.currentPassword);
    if (input.email.toLowerCase() === user.email.toLowerCase()) throw badRequest(TEXT.account.emailUnchanged);
    if (await repo.findUserByEmail(this.db, input.email)) throw conflict(TEXT.account.emailTaken);
    const token = newToken();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * HOUR_MS);
    await this.db.transaction(async (tx) => {
      await repo.lockUser(tx, user.id);
      await repo.deletePendingEmailChanges(tx, user.id);
      await repo.insertEmailChange(tx, { tokenHash: hashToken(token), userId: user.id, newEmail: input.email, expiresAt });
      await this.mail.enqueue(tx, { template: 'confirmEmail', to: input.email, token });
      await this.mail.enqueue(tx, { template: 'emailChangeRequested', to: user.email, newEmail: input.email });
    });
    return { pending: { email: input.email, expiresAt: expiresAt.toISOString() } };
  }

  async pendingEmailChange(session: Session): Promise<EmailChangeResponse> {
    const change = await repo.findPendingEmailChange(this.db, session.userId);
    return { pending: change ? { email: change.newEmail, expiresAt: change.expiresAt.toISOString() } : null };
  }

  async cancelEmailChange(session: Session): Promise<void> {
    await repo.deletePendingEmailChanges(this.db, session.userId);
  }

  /**
   * Opening the link is the proof, so it works without a session (another device, another
   * browser). The address is checked again: someone may have registered it since the request.
   * A refusal keeps the link, which can be used once the address is free.
   */
  async confirmEmailChange({ token }: ConfirmEmailBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      const change = await repo.consumeEmailChange(tx, hashToken(token));
      if (!change) throw badRequest(TEXT.account.emailChangeInvalid);
      if (!(await repo.updateEmail(tx, change.userId, change.newEmail))) throw conflict(TEXT.account.emailTaken);
    });
  }

  /**
   * The member behind the session, once the password they typed is theirs: checked exactly as
   * sign-in checks it, so it takes sign-in's time; a wrong one changes nothing. Before any change
   * only the member may make (password, email, deleting the account).
   */
  async reauthenticate(session: Session, password: string): Promise<repo.UserRow> {
    const user = await repo.findUserById(this.db, session.userId);
    const matches = await passwordMatches(user?.passwordHash, password);
    // A member gone while their session was still cached: signed out, as everywhere else.
    if (!user || user.deletedAt) throw unauthenticated(TEXT.auth.required);
    if (!matches) throw badRequest(TEXT.account.currentPasswordWrong);
    return user;
  }

  /** The link and its mail are stored together: a link nobody is sent is never made. */
  private async storeResetLink(email: string): Promise<void> {
    const token = newToken();
    await this.db.transaction(async (tx) => {
      const reset = await repo.insertPasswordResetFor(tx, email, {
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
      });
      const user = reset && (await repo.findUserById(tx, reset.userId));
      if (user) await this.mail.enqueue(tx, { template: 'passwordReset', to: user.email, token });
    });
  }

  /** Mails carry the name the community goes by now. */
  private async communityName(): Promise<string> {
    return (await this.community.settings()).name;
  }

  private async startSession(
    db: Executor,
    user: repo.UserRow,
    remember: boolean,
    userAgent: string | undefined,
  ): Promise<SignedIn> {
    const token = newToken();
    const lifetimeMs = remember ? REMEMBERED_SESSION_DAYS * 24 * HOUR_MS : BROWSER_SESSION_HOURS * HOUR_MS;
    await repo.insertSession(db, {
      id: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + lifetimeMs),
      remember,
      userAgent: storableUserAgent(userAgent),
    });
    return { user: presentCurrentUser(user), token, remember };
  }

  private async announceSessionsEnded(ids: string[]): Promise<void> {
    // This instance forgets them before answering; the others when the announcement reaches them.
    for (const id of ids) this.sessions.forget(id);
    await Promise.all(
      ids.map((id) => this.bus.publish({ rooms: [rooms.session(id)], event: { type: 'session.ended', data: {} } })),
    );
  }
}
