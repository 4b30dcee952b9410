import { TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { registerMember, registration, send } from '../../test/members.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

const tight = { max: 2, windowMs: 1_000 };
const open = { max: 1_000, windowMs: 60_000 };

function expectLimited(response: Awaited<ReturnType<typeof send>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'RATE_LIMITED', message: TEXT.errors.tooManyRequests } });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

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
    expectLimited(await attempt(member.password));

    await new Promise((resolve) => setTimeout(resolve, tight.windowMs + 100));
    expect((await attempt(member.password)).statusCode).toBe(200);
  });

  it('limits registrations per IP and stores nothing once over', async () => {
    ({ app } = await buildTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, registerPerIp: tight } }));

    for (let i = 0; i < tight.max; i++) {
      expect((await send(app, 'POST', '/api/auth/register', { body: registration() })).statusCode).toBe(201);
    }
    const over = await send(app, 'POST', '/api/auth/register', { body: registration({ email: 'late@example.com' }) });

    expectLimited(over);
    expect((await send(app, 'POST', '/api/auth/login', { body: { email: 'late@example.com', password: 'whatever it is' } })).statusCode).toBe(401);
  });

  it('limits password reset requests per email', async () => {
    ({ app } = await buildTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, resetPerIp: open, resetPerEmail: tight } }));
    const ask = () => send(app!, 'POST', '/api/auth/forgot-password', { body: { email: 'someone@example.com' } });

    await ask();
    await ask();

    expectLimited(await ask());
  });
});
