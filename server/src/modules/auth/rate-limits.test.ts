import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { randomUUID } from 'node:crypto';
import { createItem, imageFiles, itemInput, postItem } from '../../test/items.ts';
import { registerMember, registration, send } from '../../test/members.ts';
import { createProposal } from '../../test/proposals.ts';
import { expectRateLimited } from '../../test/rate-limits.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

const tight = { max: 2, windowMs: 1_000 };
const open = { max: 1_000, windowMs: 60_000 };

describe('rate limits', () => {
  it('limits sign-in attempts per email, and lets the member in again after the window', async () => {
    ({ app } = await buildTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerIp: open, loginPerEmail: tight },
    }));
    const member = await registerMember(app);
    const attempt = (password: string) =>
      send(app!, 'POST', '/api/auth/login', { body: { email: member.user.email, password } });

    expect((await attempt('wrong one')).statusCode).toBe(401);
    expect((await attempt('wrong two')).statusCode).toBe(401);
    expectRateLimited(await attempt(member.password));

    await new Promise((resolve) => setTimeout(resolve, tight.windowMs + 100));
    expect((await attempt(member.password)).statusCode).toBe(200);
  });

  it('limits registrations per IP and stores nothing once over', async () => {
    ({ app } = await buildTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: tight } }));

    for (let i = 0; i < tight.max; i++) {
      expect((await send(app, 'POST', '/api/auth/register', { body: registration() })).statusCode).toBe(201);
    }
    const over = await send(app, 'POST', '/api/auth/register', { body: registration({ email: 'late@example.com' }) });

    expectRateLimited(over);
    expect((await send(app, 'POST', '/api/auth/login', { body: { email: 'late@example.com', password: 'whatever it is' } })).statusCode).toBe(401);

    await new Promise((resolve) => setTimeout(resolve, tight.windowMs + 100));
    expect((await send(app, 'POST', '/api/auth/register', { body: registration({ email: 'late@example.com' }) })).statusCode).toBe(201);
  });

  it('limits password reset requests per email', async () => {
    ({ app } = await buildTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, resetPerIp: open, resetPerEmail: tight } }));
    const ask = () => send(app!, 'POST', '/api/auth/forgot-password', { body: { email: 'someone@example.com' } });

    await ask();
    await ask();

    expectRateLimited(await ask());
    await new Promise((resolve) => setTimeout(resolve, tight.windowMs + 100));
    expect((await ask()).statusCode).toBe(200);
  });
});

describe('member limits', () => {
  // Wide enough for a busy machine to make each window's requests inside it.
  const perMember = { max: 2, windowMs: 4_000 };

  it('limits proposals, messages and uploads per member, and only that member', async () => {
    ({ app } = await buildTestApp({
      rateLimits: {
        ...Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, open])),
        proposalsPerMember: perMember,
        messagesPerMember: perMember,
        uploadsPerMember: { ...perMember, max: 3 },
      } as typeof DEFAULT_RATE_LIMITS,
    }));
    const owner = await registerMember(app);
    // The gazetteer loads on first use (a listing's place): not inside the window measured.
    expect((await send(app, 'GET', '/api/places?q=Bristol', { cookie: owner.cookie })).statusCode).toBe(200);
    const busy = await registerMember(app);
    const calm = await registerMember(app);
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await createItem(app, owner));
    expectRateLimited(await postItem(app, owner, itemInput(), await imageFiles(1)));

    await createProposal(app, busy, items[0]!.id);
    await createProposal(app, busy, items[1]!.id);
    expectRateLimited(await send(app, 'POST', '/api/proposals', { cookie: busy.cookie, body: { itemId: items[2]!.id, message: 'one more' } }));
    expect((await send(app, 'POST', '/api/proposals', { cookie: calm.cookie, body: { itemId: items[2]!.id, message: 'mine' } })).statusCode).toBe(201);

    const { conversation } = (await send(app, 'POST', '/api/conversations', { cookie: busy.cookie, body: { otherUserId: owner.user.id } })).json();
    const say = () =>
      send(app!, 'POST', `/api/conversations/${conversation.id}/messages`, { cookie: busy.cookie, body: { clientId: randomUUID(), text: 'hi' } });
    await say();
    await say();
    expectRateLimited(await say());

    await new Promise((resolve) => setTimeout(resolve, perMember.windowMs + 100));
    expect((await say()).statusCode).toBe(200);
    expect((await send(app, 'POST', '/api/proposals', { cookie: busy.cookie, body: { itemId: items[2]!.id, message: 'now' } })).statusCode).toBe(201);
    expect((await postItem(app, owner, itemInput(), await imageFiles(1))).statusCode).toBe(201);
  });
});
