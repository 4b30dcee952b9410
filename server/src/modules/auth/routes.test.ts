import { TEXT } from '@swapyard/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pointEntries, sessions, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { Mail } from '../../mail/mailer.ts';
import { registerMember, registration, send, sessionCookieOf } from '../../test/members.ts';

let app: FastifyInstance;
let mails: Mail[];

beforeEach(async () => {
  ({ app, mails } = await buildTestApp());
});
afterEach(async () => {
  await app.close();
});

const db = () => app.services.database.db;
const userCount = async () => (await db().select({ n: count() }).from(users))[0]?.n;
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string } }).error;

describe('register', () => {
  it('creates the member signed in, with 100 points from one signup_bonus ledger entry', async () => {
    const response = await send(app, 'POST', '/api/auth/register', {
      body: registration({ displayName: 'Ada Lovelace', email: 'Ada@Example.com' }),
    });

    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({ displayName: 'Ada Lovelace', email: 'Ada@Example.com', points: 100, bio: '', location: '' });
    expect(user.averageRating).toBe(0);
    const cookie = response.cookies.find((c) => c.name === 'swapyard_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    const entries = await db().select().from(pointEntries).where(eq(pointEntries.userId, user.id));
    expect(entries).toEqual([expect.objectContaining({ amount: 100, balanceAfter: 100, reason: 'signup_bonus', proposalId: null })]);

    const me = await send(app, 'GET', '/api/me', { cookie: sessionCookieOf(response) });
    expect(me.json().user).toEqual(user);
  });

  it.each([
    [{ displayName: '   ' }, TEXT.account.nameRequired],
    [{ email: 'not-an-email' }, TEXT.account.emailInvalid],
    [{ password: 'short', confirmPassword: 'short' }, TEXT.account.passwordTooShort],
    [{ password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, TEXT.account.passwordTooLong],
    [{ confirmPassword: 'something else' }, TEXT.account.passwordsDoNotMatch],
    [{ acceptTerms: false as unknown as true }, TEXT.account.termsRequired],
  ])('refuses %j with its text and stores nothing', async (override, message) => {
    const response = await send(app, 'POST', '/api/auth/register', { body: registration(override) });

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION_ERROR', message });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await userCount()).toBe(0);
  });

  it('refuses an email already taken, whatever its case', async () => {
    await registerMember(app, { email: 'sam@example.com' });

    const response = await send(app, 'POST', '/api/auth/register', { body: registration({ email: 'SAM@example.COM' }) });

    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: TEXT.account.emailTaken });
    expect(await userCount()).toBe(1);
    expect((await db().select({ n: count() }).from(pointEntries))[0]?.n).toBe(1);
  });

  it('keeps every balance equal to the sum of its ledger entries', async () => {
    for (let i = 0; i < 3; i++) await registerMember(app);

    const rows = await db()
      .select({ points: users.points, total: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int` })
      .from(users)
      .leftJoin(pointEntries, eq(pointEntries.userId, users.id))
      .groupBy(users.id);

    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.points).toBe(row.total);
  });
});

describe('sign in and out', () => {
  it('signs in with the right password and rotates the session it was sent with', async () => {
    const member = await registerMember(app, { email: 'kim@example.com' });

    const response = await send(app, 'POST', '/api/auth/login', {
      body: { email: 'KIM@example.com', password: member.password },
      cookie: member.cookie,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(member.user.id);
    const fresh = sessionCookieOf(response);
    expect(fresh).not.toBe(member.cookie);
    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(401);
    expect((await send(app, 'GET', '/api/me', { cookie: fresh })).statusCode).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email, and no session', async () => {
    const member = await registerMember(app, { email: 'lee@example.com' });
    const sessionsBefore = (await db().select({ n: count() }).from(sessions))[0]?.n;

    const wrong = await send(app, 'POST', '/api/auth/login', { body: { email: 'lee@example.com', password: 'not it at all' } });
    const unknown = await send(app, 'POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: member.password } });

    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 'UNAUTHENTICATED', message: TEXT.account.invalidCredentials });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    expect((await db().select({ n: count() }).from(sessions))[0]?.n).toBe(sessionsBefore);
  });

  it('gives a browser-session cookie without Remember me and a 30-day one with it', async () => {
    const member = await registerMember(app);
    const login = (remember: boolean) =>
      send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password, remember } });

    const plain = (await login(false)).cookies.find((c) => c.name === 'swapyard_session');
    const remembered = (await login(true)).cookies.find((c) => c.name === 'swapyard_session');

    expect(plain?.maxAge).toBeUndefined();
    expect(plain?.expires).toBeUndefined();
    expect(remembered?.maxAge).toBe(30 * 86_400);
    const stored = await db().select().from(sessions).where(eq(sessions.userId, member.user.id));
    const lifetimesInHours = stored
      .map((s) => Math.round((s.expiresAt.getTime() - s.createdAt.getTime()) / 3_600_000))
      .sort((a, b) => a - b);
    expect(lifetimesInHours).toEqual([12, 12, 30 * 24]);
  });

  it('ends the session on sign-out', async () => {
    const member = await registerMember(app);
    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(200);

    const response = await send(app, 'POST', '/api/auth/logout', { cookie: member.cookie });

    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'swapyard_session')?.value).toBe('');
    const me = await send(app, 'GET', '/api/me', { cookie: member.cookie });
    expect(me.statusCode).toBe(401);
    expect(errorOf(me)).toEqual({ code: 'UNAUTHENTICATED', message: TEXT.auth.required });
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toEqual([]);
  });
});

describe('cross-site requests', () => {
  it.each([['https://evil.example'], [null]])('refuses a state change with Origin %s and changes nothing', async (origin) => {
    const member = await registerMember(app);

    const register = await send(app, 'POST', '/api/auth/register', { body: registration(), origin });
    const logout = await send(app, 'POST', '/api/auth/logout', { cookie: member.cookie, origin });

    for (const response of [register, logout]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: 'FORBIDDEN', message: TEXT.errors.foreignOrigin });
    }
    expect(await userCount()).toBe(1);
    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const member = await registerMember(app, { email: 'reset@example.com' });

    const asked = await send(app, 'POST', '/api/auth/forgot-password', { body: { email: 'Reset@example.com' } });
    expect(asked.json()).toEqual({ message: TEXT.account.resetRequested });
    await app.services.jobs.runDue();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe('reset@example.com');
    const token = /\/reset-password\/([\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(token).toBeDefined();

    const body = { token, password: 'a brand new secret', confirmPassword: 'a brand new secret' };
    const reset = await send(app, 'POST', '/api/auth/reset-password', { body });
    expect(reset.json()).toEqual({ message: TEXT.account.passwordChanged });
    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(401);

    const again = await send(app, 'POST', '/api/auth/reset-password', { body });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe(TEXT.account.resetInvalid);

    const oldPassword = await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } });
    const newPassword = await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: 'a brand new secret' } });
    expect(oldPassword.statusCode).toBe(401);
    expect(newPassword.statusCode).toBe(200);
  });

  it('ends every other outstanding reset link once one is used', async () => {
    const member = await registerMember(app, { email: 'twice@example.com' });
    for (let i = 0; i < 3; i++) await send(app, 'POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
    await app.services.jobs.runDue();
    const tokens = mails.map((mail) => /\/reset-password\/([\w-]+)/.exec(mail.text)?.[1]);
    expect(new Set(tokens).size).toBe(3);

    const choose = (token: string | undefined, password: string) =>
      send(app, 'POST', '/api/auth/reset-password', { body: { token, password, confirmPassword: password } });
    expect((await choose(tokens[1], 'the password I chose')).statusCode).toBe(200);

    for (const token of [tokens[0], tokens[2]]) {
      const late = await choose(token, 'an attacker would choose');
      expect({ status: late.statusCode, message: errorOf(late).message }).toEqual({ status: 400, message: TEXT.account.resetInvalid });
    }
    const login = await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: 'the password I chose' } });
    expect(login.statusCode).toBe(200);
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const response = await send(app, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: TEXT.account.resetRequested });
    await app.services.jobs.runDue();
    expect(mails).toEqual([]);
  });
});
