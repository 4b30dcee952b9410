import { TEXT, WS_CLOSE, type DeviceSession } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { openSocket } from '../../test/sockets.ts';

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

let app: FastifyInstance;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await app.close();
});

/** The same member signing in from another browser: a second session, with its own cookie. */
async function signInAgain(member: Member, userAgent: string): Promise<string> {
  const response = await send(app, 'POST', '/api/auth/login', {
    body: { email: member.user.email, password: member.password },
    headers: { 'user-agent': userAgent },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookieOf(response);
}

async function devicesOf(cookie: string): Promise<DeviceSession[]> {
  const response = await send(app, 'GET', '/api/me/sessions', { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<{ sessions: DeviceSession[] }>().sessions;
}

describe('signed-in devices', () => {
  it('lists each live session with the browser and system read from its User-Agent, and marks the current one', async () => {
    const member = await registerMember(app);
    const firefox = await signInAgain(member, FIREFOX_ON_WINDOWS);
    const iphone = await signInAgain(member, SAFARI_ON_IPHONE);

    const listed = await devicesOf(firefox);

    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({ current: true, browser: 'Firefox 121', os: 'Windows 10' });
    expect(listed.filter((device) => !device.current)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Safari 17', os: 'iOS 17.1' }),
        // Registered through inject, which sends its own User-Agent: no browser we know.
        expect.objectContaining({ browser: null, os: null }),
      ]),
    );
    for (const device of listed) {
      expect(Date.parse(device.signedInAt)).not.toBeNaN();
      expect(Date.parse(device.lastSeenAt)).not.toBeNaN();
    }
    expect((await devicesOf(iphone))[0]).toMatchObject({ current: true, browser: 'Safari 17' });
  });

  it('never shows a session id: the stored hash is nowhere in the answer', async () => {
    const member = await registerMember(app);
    const stored = await app.services.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.user.id));

    const response = await send(app, 'GET', '/api/me/sessions', { cookie: member.cookie });

    expect(stored).toHaveLength(1);
    expect(response.body).not.toContain(stored[0]!.id);
    expect(response.body).not.toContain(member.cookie.split('=')[1]);
  });

  it('stores at most 512 characters of a User-Agent', async () => {
    const member = await registerMember(app);
    await signInAgain(member, `${FIREFOX_ON_WINDOWS} ${'x'.repeat(5_000)}`);

    const rows = await app.services.database.db.select({ userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, member.user.id));

    expect(Math.max(...rows.map((row) => row.userAgent?.length ?? 0))).toBe(512);
  });

  it('signing out another device closes its socket at once and refuses its cookie; this one stays', async () => {
    const member = await registerMember(app);
    const other = await signInAgain(member, SAFARI_ON_IPHONE);
    const otherTab = await openSocket(app, { cookie: other });
    const thisTab = await openSocket(app, { cookie: member.cookie });
    const closed = new Promise<number>((resolve) => otherTab.socket.once('close', resolve));
    const target = (await devicesOf(member.cookie)).find((device) => !device.current)!;

    const response = await send(app, 'DELETE', `/api/me/sessions/${target.id}`, { cookie: member.cookie });

    expect(response.statusCode).toBe(204);
    expect(await closed).toBe(WS_CLOSE.sessionEnded);
    expect(otherTab.events).toContainEqual({ type: 'session.ended', data: {} });
    expect((await send(app, 'GET', '/api/me', { cookie: other })).statusCode).toBe(401);
    expect(thisTab.socket.readyState).toBe(thisTab.socket.OPEN);
    expect((await devicesOf(member.cookie)).map((device) => device.current)).toEqual([true]);
    thisTab.socket.close();
  });

  it("answers 404 for another member's session, and for the current one, and changes nothing", async () => {
    const owner = await registerMember(app);
    const stranger = await registerMember(app);
    const [ownersDevice] = await devicesOf(owner.cookie);
    const [strangersDevice] = await devicesOf(stranger.cookie);
    const before = await fingerprint(app);

    for (const [cookie, id] of [
      [stranger.cookie, ownersDevice!.id],
      [owner.cookie, ownersDevice!.id],
      [owner.cookie, strangersDevice!.id],
    ] as const) {
      const response = await send(app, 'DELETE', `/api/me/sessions/${id}`, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(TEXT.devices.notFound);
    }

    expect(await fingerprint(app.services.database.db)).toBe(before);
    expect((await send(app, 'GET', '/api/me', { cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('signing out everywhere else ends every other session and its sockets, and keeps this one', async () => {
    const member = await registerMember(app);
    const others = [await signInAgain(member, SAFARI_ON_IPHONE), await signInAgain(member, FIREFOX_ON_WINDOWS)];
    const otherTabs = await Promise.all(others.map((cookie) => openSocket(app, { cookie })));
    const closed = otherTabs.map((tab) => new Promise<number>((resolve) => tab.socket.once('close', resolve)));
    const bystander = await registerMember(app);

    const response = await send(app, 'POST', '/api/me/sessions/end-others', { cookie: member.cookie });

    expect(response.statusCode).toBe(204);
    expect(await Promise.all(closed)).toEqual([WS_CLOSE.sessionEnded, WS_CLOSE.sessionEnded]);
    for (const cookie of others) expect((await send(app, 'GET', '/api/me', { cookie })).statusCode).toBe(401);
    expect((await devicesOf(member.cookie)).map((device) => device.current)).toEqual([true]);
    expect(await devicesOf(bystander.cookie)).toHaveLength(1);
  });
});
