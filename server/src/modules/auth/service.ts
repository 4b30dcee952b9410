import {
  BROWSER_SESSION_HOURS,
  PASSWORD_RESET_MINUTES,
  REMEMBERED_SESSION_DAYS,
  STARTING_POINTS,
  TEXT,
  type CurrentUser,
  type DeviceSession,
  type ForgotPasswordBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@swapyard/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.ts';
import { badRequest, conflict, notFound, unauthenticated } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { presentSession, publicSessionId, storableUserAgent } from './present-session.ts';
import { presentCurrentUser } from './present-user.ts';
import * as repo from './repository.ts';
import { SessionCache } from './session-cache.ts';
import type { PointsService } from '../points/service.ts';

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

export class AuthService {
  private readonly sessions = new SessionCache();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly points: PointsService,
    private readonly mailer: Mailer,
    private readonly publicUrl: (path: string) => string,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.subscribe(this.sessions);
  }

  /** The member and their 100-point signup bonus are created together or not at all. */
  async register(input: RegisterBody, userAgent: string | undefined): Promise<SignedIn> {
    const passwordHash = await hashPassword(input.password);
    const user = await this.db.transaction(async (tx) => {
      const row = await repo.insertUser(tx, {
        email: input.email,
        passwordHash,
        displayName: input.displayName,
      });
      if (!row) throw conflict(TEXT.account.emailTaken);
      const points = await this.points.move(tx, { userId: row.id, amount: STARTING_POINTS, reason: 'signup_bonus' });
      return { ...row, points };
    });
    return this.startSession(this.db, user, false, userAgent);
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
    const valid = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDecoy(password);
    if (!user || !valid) throw unauthenticated(TEXT.account.invalidCredentials);
    if (previousToken) await this.logout(previousToken);
    return this.startSession(this.db, user, remember, userAgent);
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
    // The session outlived its member (deleted by hand): treated as signed out.
    if (!row) throw unauthenticated(TEXT.auth.required);
    return presentCurrentUser(row);
  }

  async pruneExpiredSessions(): Promise<void> {
    await repo.deleteExpiredSessions(this.db);
  }

  /**
   * Answers at once, the same whether or not the email has an account: finding the member,
   * storing the link and mailing it all happen after the answer, as a write and an SMTP round trip
   * done for members only would tell a stopwatch who has an account.
   */
  requestPasswordReset({ email }: ForgotPasswordBody): void {
    this.afterAnswer('password reset link could not be sent', () => this.sendResetLink(email));
  }

  /** Changing the password ends every session of the member, on every device, and every other reset link. */
  async resetPassword(input: ResetPasswordBody): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const ended = await this.db.transaction(async (tx) => {
      const userId = await repo.consumePasswordReset(tx, hashToken(input.token));
      if (!userId) throw badRequest(TEXT.account.resetInvalid);
      await repo.endPasswordResetsOf(tx, userId);
      await repo.updatePasswordHash(tx, userId, passwordHash);
      return repo.deleteSessionsOfUser(tx, userId);
    });
    await this.announceSessionsEnded(ended);
  }

  /** Settles once the work started after earlier answers is done: shutdown waits for it. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
  }

  /** Runs work once the current answer is on its way (setImmediate follows the reply's write). */
  private afterAnswer(failure: string, work: () => Promise<void>): void {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, failure))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  private async sendResetLink(email: string): Promise<void> {
    const token = newToken();
    const reset = await repo.insertPasswordResetFor(this.db, email, {
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
    });
    if (!reset) return;
    const user = await repo.findUserById(this.db, reset.userId);
    if (!user) return;
    const link = this.publicUrl(`/reset-password/${token}`);
    await this.mailer.send({
      to: user.email,
      subject: 'Reset your Swapyard password',
      text: `Someone asked to reset the password of your Swapyard account.\n\nTo choose a new password, open this link within ${PASSWORD_RESET_MINUTES} minutes:\n${link}\n\nIf it was not you, ignore this mail.`,
    });
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
