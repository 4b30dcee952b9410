import type { DeviceSession } from '@swapyard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import type { LogCapture } from '../test/log-capture.ts';
import { registerMember, registration, send, sessionCookieOf } from '../test/members.ts';
import type { Mail } from '../mail/mailer.ts';

let app: FastifyInstance;
let log: LogCapture;
let mails: Mail[];

beforeAll(async () => {
  // The most talkative level an operator can set: whatever it writes must still hold no secret.
  ({ app, log, mails } = await buildTestApp({ logLevel: 'trace' }));
});
afterAll(async () => {
  await app.close();
});

/** The value of a `name=value` cookie: the session token itself. */
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

describe('the log of a run that signs up, signs in, signs another browser out, resets and changes a password, changes an email, fails a statement and deletes an account', () => {
  it('holds no password, password hash, session token or id, reset token or cookie', async () => {
    const secrets = new Map<string, string>();
    const member = await registerMember(app, { email: 'keeper@example.com', password: 'first secret words' });
    secrets.set('registration password', member.password).set('session token at registration', tokenOf(member.cookie));

    const login = await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } });
    secrets.set('session token at sign-in', tokenOf(sessionCookieOf(login)));
    await send(app, 'GET', '/api/me', { cookie: sessionCookieOf(login) });
    // Signing out another browser names it by its public id; the session's id (the token's hash) stays out.
    const devices = (await send(app, 'GET', '/api/me/sessions', { cookie: member.cookie })).json<{ sessions: DeviceSession[] }>().sessions;
    await send(app, 'DELETE', `/api/me/sessions/${devices.find((device) => !device.current)!.id}`, { cookie: member.cookie });
    await send(app, 'POST', '/api/me/sessions/end-others', { cookie: member.cookie });
    secrets
      .set('session id at registration', hashToken(tokenOf(member.cookie)))
      .set('session id at sign-in', hashToken(tokenOf(sessionCookieOf(login))));
    const wrong = 'a wrong guess at it';
    await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: wrong } });
    secrets.set('mistyped password', wrong);

    await send(app, 'POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
    await app.services.jobs.runDue();
    const resetToken = /\/reset-password\/([\w-]+)/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
    expect(resetToken).not.toBe('');
    secrets.set('reset token', resetToken).set('reset token hash', hashToken(resetToken));
    await app.inject({ method: 'GET', url: `/reset-password/${resetToken}` });
    const newPassword = 'second secret words';
    await send(app, 'POST', '/api/auth/reset-password', { body: { token: resetToken, password: newPassword, confirmPassword: newPassword } });
    secrets.set('new password', newPassword);

    const signedIn = sessionCookieOf(await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: newPassword } }));
    const change = (currentPassword: string, password: string) =>
      send(app, 'POST', '/api/me/password', { cookie: signedIn, body: { currentPassword, password, confirmPassword: password } });
    await change('a wrong current password', 'never chosen words');
    const changedPassword = 'third secret words';
    await change(newPassword, changedPassword);
    secrets.set('wrong current password', 'a wrong current password').set('changed password', changedPassword);

    await send(app, 'POST', '/api/me/email-change', { cookie: signedIn, body: { email: 'moved@example.com', currentPassword: changedPassword } });
    await app.services.jobs.runDue();
    // The link to the new address and the notice to the old one are sent side by side, in no set order.
    const confirmToken = /\/confirm-email\/([\w-]+)/.exec(mails.findLast((mail) => mail.to === 'moved@example.com')?.text ?? '')?.[1] ?? '';
    expect(confirmToken).not.toBe('');
    secrets.set('email confirmation token', confirmToken).set('email confirmation token hash', hashToken(confirmToken));
    await app.inject({ method: 'GET', url: `/confirm-email/${confirmToken}` });
    expect((await send(app, 'POST', '/api/auth/confirm-email', { body: { token: confirmToken } })).statusCode).toBe(200);

    // A statement the database refuses after the hash is made: its error carries every parameter.
    const db = app.services.database.db;
    await db.execute(sql`
      CREATE FUNCTION refuse_doomed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email LIKE 'doomed%' THEN RAISE EXCEPTION 'refused by a test trigger'; END IF;
        RETURN NEW;
      END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_doomed BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_doomed()`);
    const doomed = registration({ email: 'doomed@example.com', password: 'fourth secret words' });
    const refused = await send(app, 'POST', '/api/auth/register', { body: doomed });
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('refused by a test trigger');
    secrets.set('refused registration password', doomed.password);

    for (const row of await db.select({ hash: users.passwordHash }).from(users)) secrets.set(`stored hash ${row.hash.slice(-8)}`, row.hash);
    // The refused member's hash was never stored: any argon2 hash at all is the tell.
    secrets.set('an argon2 hash', '$argon2');
    // Deleting an account takes the password again: mistyped, then right.
    const leaver = await registerMember(app, { password: 'fourth secret words' });
    const mistyped = 'a wrong guess at the fourth';
    expect((await send(app, 'POST', '/api/me/delete', { cookie: leaver.cookie, body: { password: mistyped } })).statusCode).toBe(400);
    expect((await send(app, 'POST', '/api/me/delete', { cookie: leaver.cookie, body: { password: leaver.password } })).statusCode).toBe(204);
    secrets.set('leaving password', leaver.password).set('mistyped leaving password', mistyped).set('leaving session token', tokenOf(leaver.cookie));
    const text = log.lines.join('\n');
    // The failed statement was logged, and usefully: what failed and why, without its values.
    expect(text).toContain('refused by a test trigger');
    expect(text).toContain('Failed query: insert into');
    const leaked = [...secrets].filter(([, secret]) => text.includes(secret)).map(([name]) => name);
    expect(leaked).toEqual([]);
    expect(text).not.toMatch(/swapyard_session=/);
  });
});
