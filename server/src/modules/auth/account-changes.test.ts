import { TEXT, WS_CLOSE } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as argon2 from '@node-rs/argon2';
import { verify } from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_RATE_LIMITS, type Config } from '../../config.ts';
import { emailChanges, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Mail } from '../../mail/mailer.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { openSocket } from '../../test/sockets.ts';

// Every argon2id verification is counted, and still done: the decoy design is "one per check, whoever asks".
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

let app: FastifyInstance;
let mails: Mail[];

async function start(overrides: Partial<Config> = {}): Promise<void> {
  ({ app, mails } = await buildTestApp(overrides));
}
afterEach(async () => {
  await app.close();
});

const db = () => app.services.database.db;
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string } }).error;
const mailsTo = async (to: string) => {
  await app.services.jobs.runDue();
  return mails.filter((mail) => mail.to === to);
};

const login = (email: string, password: string) => send(app, 'POST', '/api/auth/login', { body: { email, password } });
const emailOf = async (cookie: string) => (await send(app, 'GET', '/api/me', { cookie })).json<{ user: { email: string } }>().user.email;

function changePassword(member: Member, currentPassword: string, password = 'a brand new secret') {
  return send(app, 'POST', '/api/me/password', {
    cookie: member.cookie,
    body: { currentPassword, password, confirmPassword: password },
  });
}

function requestEmailChange(member: Member, email: string, currentPassword = member.password) {
  return send(app, 'POST', '/api/me/email-change', { cookie: member.cookie, body: { email, currentPassword } });
}

/** The token of the newest confirmation link mailed to this address. */
async function confirmationTokenFor(email: string): Promise<string> {
  const token = /\/confirm-email\/([\w-]+)/.exec((await mailsTo(email)).at(-1)?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return token;
}

/** An email change and a reset link, both waiting: what someone holding the old password could leave behind. */
async function outstandingLinks(member: Member, newEmail: string): Promise<{ confirmation: string; reset: string | undefined }> {
  await requestEmailChange(member, newEmail);
  const confirmation = await confirmationTokenFor(newEmail);
  await send(app, 'POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
  await app.services.jobs.runDue();
  return { confirmation, reset: /\/reset-password\/([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] };
}

const confirm = (token: string) => send(app, 'POST', '/api/auth/confirm-email', { body: { token } });
const pendingOf = async (member: Member) => (await send(app, 'GET', '/api/me/email-change', { cookie: member.cookie })).json();

describe('changing the password', () => {
  it('ends every other session of the member at once, keeps this one, and mails the member', async () => {
    await start();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const member = await registerMember(app, { email: 'keeps@example.com' });
    const phone = sessionCookieOf(await login(member.user.email, member.password));
    const laptop = sessionCookieOf(await login(member.user.email, member.password));
    const other = await registerMember(app);
    const laptopTab = await openSocket(app, { cookie: laptop });
    const closed = new Promise<number>((resolve) => laptopTab.socket.once('close', resolve));

    const response = await changePassword(member, member.password, 'a brand new secret');

    expect(response.statusCode).toBe(204);
    // The open tab of an ended session is told and closed, so the browser goes to /login.
    expect(await closed).toBe(WS_CLOSE.sessionEnded);
    expect(laptopTab.events).toContainEqual({ type: 'session.ended', data: {} });
    for (const ended of [phone, laptop]) expect((await send(app, 'GET', '/api/me', { cookie: ended })).statusCode).toBe(401);
    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(200);
    expect((await send(app, 'GET', '/api/me', { cookie: other.cookie })).statusCode).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.user.id))).toHaveLength(1);
    expect((await login(member.user.email, member.password)).statusCode).toBe(401);
    expect((await login(member.user.email, 'a brand new secret')).statusCode).toBe(200);
    expect((await mailsTo('keeps@example.com')).map((mail) => mail.subject)).toEqual(['Your password was changed']);
  });

  it('ends what the old password could have started: a pending email change and reset links', async () => {
    await start();
    const member = await registerMember(app, { email: 'wary@example.com' });
    const { confirmation, reset } = await outstandingLinks(member, 'intruder@example.com');

    expect((await changePassword(member, member.password, 'the one I chose')).statusCode).toBe(204);

    expect(await pendingOf(member)).toEqual({ pending: null });
    expect(errorOf(await confirm(confirmation)).message).toBe(TEXT.account.emailChangeInvalid);
    const late = await send(app, 'POST', '/api/auth/reset-password', {
      body: { token: reset, password: 'an intruder would choose', confirmPassword: 'an intruder would choose' },
    });
    expect(errorOf(late).message).toBe(TEXT.account.resetInvalid);
    expect(await emailOf(member.cookie)).toBe('wary@example.com');
    expect((await login(member.user.email, 'the one I chose')).statusCode).toBe(200);
  });

  it('ends a pending email change when the password is reset from a mailed link too', async () => {
    await start();
    const member = await registerMember(app, { email: 'forgetful@example.com' });
    const { confirmation, reset } = await outstandingLinks(member, 'someone-else@example.com');

    const chosen = 'the one I chose';
    expect((await send(app, 'POST', '/api/auth/reset-password', { body: { token: reset, password: chosen, confirmPassword: chosen } })).statusCode).toBe(200);

    expect(errorOf(await confirm(confirmation)).message).toBe(TEXT.account.emailChangeInvalid);
    const signedIn = sessionCookieOf(await login(member.user.email, chosen));
    expect(await emailOf(signedIn)).toBe('forgetful@example.com');
  });

  it('refuses a wrong current password with its text, and changes, ends and mails nothing', async () => {
    await start();
    const member = await registerMember(app);
    const elsewhere = sessionCookieOf(await login(member.user.email, member.password));
    const before = await fingerprint(app);

    const response = await changePassword(member, 'not my password');

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.currentPasswordWrong });
    expect(await fingerprint(db())).toBe(before);
    expect((await send(app, 'GET', '/api/me', { cookie: elsewhere })).statusCode).toBe(200);
    expect(await mailsTo(member.user.email)).toEqual([]);
  });

  it('refuses a new password the sign-up form would refuse, with the same text', async () => {
    await start();
    const member = await registerMember(app);
    const before = await fingerprint(app);

    const short = await changePassword(member, member.password, 'short');
    const mismatched = await send(app, 'POST', '/api/me/password', {
      cookie: member.cookie,
      body: { currentPassword: member.password, password: 'long enough one', confirmPassword: 'long enough two' },
    });

    expect(errorOf(short)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.passwordTooShort });
    expect(errorOf(mismatched)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.passwordsDoNotMatch });
    expect(await fingerprint(db())).toBe(before);
  });
});

describe('typing the current password again', () => {
  const tight = { max: 2, windowMs: 60_000 };
  const open = { max: 1_000, windowMs: 60_000 };

  it('draws on the sign-in budget of the member\'s email, whichever form it comes from', async () => {
    await start({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: open, loginPerEmail: tight } });
    const member = await registerMember(app);
    const before = await fingerprint(app);

    expect((await changePassword(member, 'guess one')).statusCode).toBe(400);
    expect((await requestEmailChange(member, 'elsewhere@example.com', 'guess two')).statusCode).toBe(400);
    const third = await changePassword(member, member.password);
    const signIn = await login(member.user.email, member.password);

    for (const limited of [third, signIn]) {
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited).code).toBe('RATE_LIMITED');
    }
    expect(await fingerprint(db())).toBe(before);
  });

  it('costs what a sign-in costs: one argon2id verification, whether the password or the account is right or wrong', async () => {
    await start();
    const member = await registerMember(app);
    const verifications = async (call: () => ReturnType<typeof send>, status: number) => {
      const before = vi.mocked(verify).mock.calls.length;
      expect((await call()).statusCode).toBe(status);
      return vi.mocked(verify).mock.calls.length - before;
    };

    expect(await verifications(() => login('nobody@example.com', 'definitely wrong'), 401)).toBe(1);
    expect(await verifications(() => login(member.user.email, 'definitely wrong'), 401)).toBe(1);
    expect(await verifications(() => changePassword(member, 'definitely wrong'), 400)).toBe(1);
    expect(await verifications(() => changePassword(member, member.password), 204)).toBe(1);
  });
});

describe('changing the email', () => {
  it('mails a link to the new address and a notice to the current one, and changes nothing until the link is opened', async () => {
    await start();
    const member = await registerMember(app, { email: 'old@example.com' });

    const response = await requestEmailChange(member, 'New@Example.com');

    expect(response.statusCode).toBe(200);
    const { pending } = response.json();
    expect(pending.email).toBe('New@Example.com');
    expect(Math.abs(Date.parse(pending.expiresAt) - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);
    expect(await pendingOf(member)).toEqual({ pending });
    const [link] = await mailsTo('New@Example.com');
    expect(link?.subject).toBe('Confirm your new Swapyard email address');
    expect(link?.text).toMatch(/http:\/\/localhost:3000\/confirm-email\/[\w-]{43}\n/);
    const [notice] = await mailsTo('old@example.com');
    expect(notice?.subject).toBe('Your Swapyard email address is about to change');
    expect(notice?.text).toContain('New@Example.com');
    expect(notice?.text).not.toContain('/confirm-email/');
    expect(await emailOf(member.cookie)).toBe('old@example.com');
    expect((await login('old@example.com', member.password)).statusCode).toBe(200);
    // Stored hashed, like a reset token: the table alone cannot confirm anything.
    const stored = await db().select({ tokenHash: emailChanges.tokenHash }).from(emailChanges);
    expect(stored).toEqual([{ tokenHash: hashToken(await confirmationTokenFor('New@Example.com')) }]);
  });

  it('takes effect when the link is opened, once, signed in or not', async () => {
    await start();
    const member = await registerMember(app, { email: 'before@example.com' });
    await requestEmailChange(member, 'after@example.com');
    const token = await confirmationTokenFor('after@example.com');

    const confirmed = await confirm(token);

    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: TEXT.account.emailChanged });
    expect(await emailOf(member.cookie)).toBe('after@example.com');
    expect(await pendingOf(member)).toEqual({ pending: null });
    expect((await login('after@example.com', member.password)).statusCode).toBe(200);
    expect((await login('before@example.com', member.password)).statusCode).toBe(401);

    const before = await fingerprint(app);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.emailChangeInvalid });
    expect(await fingerprint(db())).toBe(before);
  });

  it('refuses a link opened after 24 hours, and the email stays', async () => {
    await start();
    const member = await registerMember(app, { email: 'slow@example.com' });
    await requestEmailChange(member, 'later@example.com');
    const token = await confirmationTokenFor('later@example.com');
    await db()
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailChanges.userId, member.user.id));
    const before = await fingerprint(app);

    const late = await confirm(token);

    expect(errorOf(late)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.emailChangeInvalid });
    expect(await fingerprint(db())).toBe(before);
    expect(await emailOf(member.cookie)).toBe('slow@example.com');
    expect(await pendingOf(member)).toEqual({ pending: null });
  });

  it('refuses an address another account has, with the registration text, when asked', async () => {
    await start();
    await registerMember(app, { email: 'taken@example.com' });
    const member = await registerMember(app);
    const before = await fingerprint(app);

    const response = await requestEmailChange(member, 'TAKEN@example.com');

    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: TEXT.account.emailTaken });
    expect(await fingerprint(db())).toBe(before);
    expect(await mailsTo('TAKEN@example.com')).toEqual([]);
    expect(await mailsTo(member.user.email)).toEqual([]);
  });

  it('refuses the address again when the link is opened after someone registered it, and keeps the link', async () => {
    await start();
    const member = await registerMember(app, { email: 'waiting@example.com' });
    await requestEmailChange(member, 'contested@example.com');
    const token = await confirmationTokenFor('contested@example.com');
    const squatter = await registerMember(app, { email: 'Contested@example.com' });
    const before = await fingerprint(app);

    const response = await confirm(token);

    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'CONFLICT', message: TEXT.account.emailTaken });
    expect(await fingerprint(db())).toBe(before);
    expect(await emailOf(member.cookie)).toBe('waiting@example.com');
    expect(await emailOf(squatter.cookie)).toBe('Contested@example.com');
    expect((await pendingOf(member)).pending.email).toBe('contested@example.com');
  });

  it('refuses a wrong current password or the address the member already has, changing and mailing nothing', async () => {
    await start();
    const member = await registerMember(app, { email: 'same@example.com' });
    const before = await fingerprint(app);

    const wrong = await requestEmailChange(member, 'fresh@example.com', 'not my password');
    const same = await requestEmailChange(member, 'SAME@example.com');

    expect(errorOf(wrong)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.currentPasswordWrong });
    expect(errorOf(same)).toEqual({ code: 'VALIDATION_ERROR', message: TEXT.account.emailUnchanged });
    expect(await fingerprint(db())).toBe(before);
    await app.services.jobs.runDue();
    expect(mails).toEqual([]);
  });

  it('replaces a pending change with a newer one: only the newest link works', async () => {
    await start();
    const member = await registerMember(app, { email: 'twice@example.com' });
    await requestEmailChange(member, 'first@example.com');
    await requestEmailChange(member, 'second@example.com');
    const first = await confirmationTokenFor('first@example.com');
    const second = await confirmationTokenFor('second@example.com');

    expect((await pendingOf(member)).pending.email).toBe('second@example.com');
    expect(errorOf(await confirm(first)).message).toBe(TEXT.account.emailChangeInvalid);
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await emailOf(member.cookie)).toBe('second@example.com');
  });

  it('cancels a pending change: its link stops working, and another member cannot cancel it', async () => {
    await start();
    const member = await registerMember(app, { email: 'undecided@example.com' });
    const other = await registerMember(app);
    await requestEmailChange(member, 'maybe@example.com');
    const token = await confirmationTokenFor('maybe@example.com');

    expect((await send(app, 'DELETE', '/api/me/email-change', { cookie: other.cookie })).statusCode).toBe(204);
    expect((await pendingOf(member)).pending.email).toBe('maybe@example.com');

    const cancelled = await send(app, 'DELETE', '/api/me/email-change', { cookie: member.cookie });

    expect(cancelled.statusCode).toBe(204);
    expect(await pendingOf(member)).toEqual({ pending: null });
    expect(errorOf(await confirm(token)).message).toBe(TEXT.account.emailChangeInvalid);
    expect(await emailOf(member.cookie)).toBe('undecided@example.com');
  });
});
