import { NOTIFICATION_DEFAULTS, TEXT, type PushKeyResponse, type PushStatusResponse } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import type { LogCapture } from '../../test/log-capture.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { createProposal } from '../../test/proposals.ts';
import { newBrowser, startPushService, type ReceivedPush, type TestBrowser, type TestPushService } from '../../test/push-service.ts';
import { ServerSecretsService } from '../server-secrets/service.ts';
import { publicOnlyLookup } from './public-agent.ts';
import { MAX_PAYLOAD_BYTES, PushService } from './service.ts';

let pushService: TestPushService;
let app: FastifyInstance;
let log: LogCapture;
let admin: Member;

beforeAll(async () => {
  pushService = await startPushService();
  // The most talkative level: a device's address and keys must stay out of it all the same.
  ({ app, log } = await buildTestApp({ logLevel: 'trace' }, { pushAgent: pushService.agent }));
  admin = await registerMember(app, { displayName: 'Founder' });
});
afterAll(async () => {
  await app.close();
  await pushService.stop();
});

async function subscribe(member: Member, browser: TestBrowser, cookie = member.cookie) {
  const response = await send(app, 'POST', '/api/push/subscriptions', { cookie, body: browser.subscription });
  expect({ status: response.statusCode, body: response.body }).toEqual({ status: 201, body: expect.any(String) });
}

async function deviceStatus(cookie: string): Promise<string | null> {
  return (await send(app, 'GET', '/api/push/subscriptions', { cookie })).json<PushStatusResponse>().endpoint;
}

/** Sends to the member and returns the pushes that reached the push service meanwhile. */
async function pushTo(member: Member, message = { title: 'New proposal', body: 'Sam offers 20 points for your bike', url: '/proposals/abc' }) {
  const before = pushService.received.length;
  await app.services.push.sendTo(member.user.id, message);
  return pushService.received.slice(before);
}

async function signIn(member: Member): Promise<string> {
  return sessionCookieOf(await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } }));
}

/** The endpoint's path (the device's address at its push service) and the browser's keys. */
function expectNotLogged(browser: TestBrowser) {
  const text = log.lines.join('\n');
  for (const secret of [browser.path, browser.subscription.keys.p256dh, browser.subscription.keys.auth]) expect(text).not.toContain(secret);
}

function vapidOf(push: ReceivedPush): { token: string; key: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(push.headers.authorization));
  if (!match) throw new Error(`no VAPID Authorization header: ${String(push.headers.authorization)}`);
  return { token: match[1]!, key: match[2]! };
}

describe('Web Push', () => {
  it("reaches each of the member's devices, readable only with that browser's keys, signed with the server's VAPID key, for a day", async () => {
    const member = await registerMember(app);
    const phone = newBrowser(pushService);
    const laptop = newBrowser(pushService);
    const someoneElse = newBrowser(pushService);
    await subscribe(member, phone);
    await subscribe(member, laptop, await signIn(member));
    await subscribe(await registerMember(app), someoneElse);
    const { publicKey } = (await send(app, 'GET', '/api/push/key', { cookie: member.cookie })).json<PushKeyResponse>();

    const pushes = await pushTo(member);

    expect(pushes.map((push) => push.path).sort()).toEqual([phone.path, laptop.path].sort());
    for (const push of pushes) {
      const browser = push.path === phone.path ? phone : laptop;
      expect(browser.decrypt(push)).toEqual({ title: 'New proposal', body: 'Sam offers 20 points for your bike', url: '/proposals/abc' });
      expect(() => (browser === phone ? laptop : phone).decrypt(push)).toThrow();
      expect(push.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '86400', urgency: 'normal' });
      expect(push.headers.topic).toMatch(/^[\w-]{32}$/);

      // The JWT names this push service as its audience and is signed by the key the browser subscribed with.
      const { token, key } = vapidOf(push);
      expect(key).toBe(publicKey);
      const [header, claims, signature] = token.split('.') as [string, string, string];
      expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: pushService.origin, sub: 'mailto:no-reply@localhost' });
      const point = Buffer.from(publicKey, 'base64url');
      const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
      const signed = verify('sha256', Buffer.from(`${header}.${claims}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
      expect(signed).toBe(true);
    }
  });

  it('cuts a long body to fit a push, never the link', async () => {
    const member = await registerMember(app);
    const browser = newBrowser(pushService);
    await subscribe(member, browser);

    const [push] = await pushTo(member, { title: 'A long message', body: `"Quotes", émojis 🚲 and more: ${'🚲 '.repeat(3000)}`, url: '/chat/abc' });

    const payload = browser.decrypt(push!) as { title: string; body: string; url: string };
    expect(payload.url).toBe('/chat/abc');
    expect(payload.body.startsWith('"Quotes", émojis 🚲 and more: 🚲 🚲')).toBe(true);
    expect(payload.body.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(payload))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(push!.body.length).toBeLessThanOrEqual(4096);
  });

  it.each([404, 410])('removes a device whose push service answers %i, and sends it nothing more', async (status) => {
    const member = await registerMember(app);
    const browser = newBrowser(pushService);
    await subscribe(member, browser);

    pushService.answerWith(status);
    try {
      expect(await pushTo(member)).toHaveLength(1);
    } finally {
      pushService.answerWith(201);
    }

    expect(await deviceStatus(member.cookie)).toBeNull();
    expect(await pushTo(member)).toEqual([]);
    expect(log.lines.join('\n')).toContain('push subscription expired at its push service; removed');
    expectNotLogged(browser);
  });

  it("throws on any other failure, so the job runs again, keeping the device and never naming its address", async () => {
    const member = await registerMember(app);
    const browser = newBrowser(pushService);
    await subscribe(member, browser);

    pushService.answerWith(500);
    const failure = await app.services.push.sendTo(member.user.id, { title: 'T', body: 'B', url: '/' }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    pushService.answerWith(201);

    expect(failure?.message).toBe(`Web Push failed for 1 of 1 devices: the push service at ${pushService.origin} answered 500`);
    expect(await deviceStatus(member.cookie)).toBe(browser.subscription.endpoint);
    expect((await pushTo(member)).map((push) => push.path)).toEqual([browser.path]);
    expectNotLogged(browser);
  });

  it("ends with the session it was made in: signing out, being signed out from another device, and a suspension remove that device's subscription", async () => {
    const member = await registerMember(app);
    await subscribe(member, newBrowser(pushService));
    await send(app, 'POST', '/api/auth/logout', { cookie: member.cookie });
    expect(await pushTo(member)).toEqual([]);

    const kept = newBrowser(pushService);
    const keptCookie = await signIn(member);
    await subscribe(member, kept, keptCookie);
    await subscribe(member, newBrowser(pushService), await signIn(member));
    await send(app, 'POST', '/api/me/sessions/end-others', { cookie: keptCookie });
    expect((await pushTo(member)).map((push) => push.path)).toEqual([kept.path]);

    await send(app, 'POST', `/api/admin/members/${member.user.id}/suspension`, { cookie: admin.cookie, body: { duration: '1d', reason: 'Testing push' } });
    expect(await pushTo(member)).toEqual([]);
  });

  it("moves a browser that subscribes again under another member to them, and a member's removal touches only their own device", async () => {
    const first = await registerMember(app);
    const second = await registerMember(app);
    const shared = newBrowser(pushService);
    const firstOwn = newBrowser(pushService);
    await subscribe(first, shared);
    const firstOtherDevice = await signIn(first);
    await subscribe(first, firstOwn, firstOtherDevice);

    // The same browser, its cookie cleared, signed in by someone else.
    await subscribe(second, shared);
    expect((await pushTo(first)).map((push) => push.path)).toEqual([firstOwn.path]);
    expect((await pushTo(second)).map((push) => push.path)).toEqual([shared.path]);
    expect(await deviceStatus(first.cookie)).toBeNull();

    expect((await send(app, 'DELETE', '/api/push/subscriptions', { cookie: second.cookie })).statusCode).toBe(204);
    expect(await pushTo(second)).toEqual([]);
    expect(await deviceStatus(firstOtherDevice)).toBe(firstOwn.subscription.endpoint);
    expect((await pushTo(first)).map((push) => push.path)).toEqual([firstOwn.path]);
  });

  it("keeps one subscription per device: the browser's new endpoint replaces its old one", async () => {
    const member = await registerMember(app);
    const before = newBrowser(pushService);
    const after = newBrowser(pushService);
    await subscribe(member, before);
    await subscribe(member, after);

    expect(await deviceStatus(member.cookie)).toBe(after.subscription.endpoint);
    expect((await pushTo(member)).map((push) => push.path)).toEqual([after.path]);
  });

  it('keeps one subscription when a device subscribes twice at the same moment (two clicks, two tabs)', async () => {
    const member = await registerMember(app);
    const browsers = [newBrowser(pushService), newBrowser(pushService), newBrowser(pushService)];

    const answers = await Promise.all(browsers.map((browser) => send(app, 'POST', '/api/push/subscriptions', { cookie: member.cookie, body: browser.subscription })));

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const kept = await deviceStatus(member.cookie);
    expect(browsers.map((browser) => browser.subscription.endpoint)).toContain(kept);
    expect(await pushTo(member)).toHaveLength(1);
  });

  it('carries a notice the member wants on Push to their device, opening its page, once the job runs', async () => {
    const owner = await registerMember(app);
    const sender = await registerMember(app, { displayName: 'Sam Sender' });
    const phone = newBrowser(pushService);
    await subscribe(owner, phone);
    const item = await createItem(app, owner, { title: 'Blue bike' });
    const before = pushService.received.length;

    await createProposal(app, sender, item.id);
    await app.services.jobs.runDue();
    expect(pushService.received.slice(before)).toEqual([]);

    const preferences = structuredClone(NOTIFICATION_DEFAULTS);
    preferences.proposals.push = true;
    expect((await send(app, 'PUT', '/api/me/notification-preferences', { cookie: owner.cookie, body: preferences })).statusCode).toBe(200);
    const proposal = await createProposal(app, await registerMember(app, { displayName: 'Pat Proposer' }), item.id);
    await app.services.jobs.runDue();

    const pushes = pushService.received.slice(before);
    expect(pushes.map((push) => push.path)).toEqual([phone.path]);
    expect(phone.decrypt(pushes[0]!)).toEqual({ title: expect.any(String), body: expect.stringContaining('Pat Proposer'), url: `/proposals/${proposal.id}` });
  });

  it('refuses a subscription that is not a real one with a text, changing nothing', async () => {
    const member = await registerMember(app);
    const good = newBrowser(pushService).subscription;
    const offCurve = `B${'A'.repeat(86)}`;
    const refusals: [unknown, string][] = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, TEXT.push.badEndpoint],
      [{ ...good, endpoint: `${good.endpoint}/${'x'.repeat(1000)}` }, TEXT.push.badEndpoint],
      [{ ...good, endpoint: 'not a url' }, TEXT.push.badEndpoint],
      // Not a push service's: the server would be posting into its own network.
      [{ ...good, endpoint: 'https://127.0.0.1:8443/push' }, TEXT.push.badEndpoint],
      [{ ...good, endpoint: 'https://[::1]/push' }, TEXT.push.badEndpoint],
      [{ ...good, endpoint: 'https://localhost/push' }, TEXT.push.badEndpoint],
      [{ ...good, endpoint: 'https://metadata/computeMetadata' }, TEXT.push.badEndpoint],
      [{ endpoint: good.endpoint }, TEXT.push.badKeys],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(1) } }, TEXT.push.badKeys],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth}AA` } }, TEXT.push.badKeys],
      [{ ...good, keys: { ...good.keys, auth: good.keys.auth.replace(/.$/, '+') } }, TEXT.push.badKeys],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve } }, TEXT.push.badKeys],
    ];
    const before = await fingerprint(app);

    for (const [body, message] of refusals) {
      const response = await send(app, 'POST', '/api/push/subscriptions', { cookie: member.cookie, body });
      expect({ body, status: response.statusCode, error: response.json() }).toEqual({ body, status: 400, error: { error: { code: 'VALIDATION_ERROR', message } } });
    }
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });

  it('makes its VAPID key pair once per database, shared by every instance, unless the operator gives one', async () => {
    const { publicKey } = (await send(app, 'GET', '/api/push/key', { cookie: admin.cookie })).json<PushKeyResponse>();
    const db = app.services.database.db;
    const anotherInstance = new PushService(db, new ServerSecretsService(db), app.services.auth, { vapid: { keys: undefined, subject: 'mailto:x@example.com' } }, app.log);
    expect(await anotherInstance.publicKey()).toEqual({ publicKey });

    const given = webpush.generateVAPIDKeys();
    const configured = await buildTestApp({ vapid: { keys: given, subject: 'mailto:ops@example.com' } }, { pushAgent: pushService.agent });
    try {
      const member = await registerMember(configured.app);
      expect((await send(configured.app, 'GET', '/api/push/key', { cookie: member.cookie })).json()).toEqual({ publicKey: given.publicKey });
      const browser = newBrowser(pushService);
      await send(configured.app, 'POST', '/api/push/subscriptions', { cookie: member.cookie, body: browser.subscription });
      const before = pushService.received.length;
      await configured.app.services.push.sendTo(member.user.id, { title: 'T', body: 'B', url: '/' });
      const [push] = pushService.received.slice(before);
      expect(vapidOf(push!).key).toBe(given.publicKey);
      expect(browser.decrypt(push!)).toEqual({ title: 'T', body: 'B', url: '/' });
    } finally {
      await configured.app.close();
    }
  });

  it('reaches push services at public addresses only: a name that resolves to this machine is refused before connecting', async () => {
    const refusal = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      publicOnlyLookup('localhost', { all: true }, (error) => resolve(error));
    });

    expect(refusal?.code).toBe('ENOTPUBLIC');
  });
});
