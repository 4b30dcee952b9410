import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { rateLimitCounters } from '../db/schema/index.ts';
import { RELAXED_RATE_LIMITS } from '../test/build-test-app.ts';
import { LogCapture } from '../test/log-capture.ts';
import { registerMember, send } from '../test/members.ts';
import { expectRateLimited } from '../test/rate-limits.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { useTwoInstances } from '../test/two-instances.ts';
import * as repo from './repository.ts';
import { PostgresRateLimitStore } from './stores.ts';

const HOUR = 60 * 60_000;
const MAX = 4;
const shared = { max: MAX, windowMs: HOUR };

const instances = useTwoInstances({
  rateLimits: { ...RELAXED_RATE_LIMITS, loginPerEmail: shared, resetPerIp: shared, messagesPerMember: shared },
});

/** The first MAX requests go to the two instances in turn, each answered as usual; then both refuse. */
async function expectOneLimitAcross(request: (app: FastifyInstance) => ReturnType<typeof send>, allowed: number) {
  const { a, b } = instances();
  for (let i = 0; i < MAX; i++) expect((await request(i % 2 === 0 ? a : b)).statusCode).toBe(allowed);
  // Each instance has answered MAX / 2: a limit per instance would let both go on.
  expectRateLimited(await request(a));
  expectRateLimited(await request(b));
}

describe('two instances on one PostgreSQL database', () => {
  it('count the sign-in attempts for one email together, and keep the email out of the table', async () => {
    const { a, b } = instances();
    const member = await registerMember(a);
    const attempt = (password: string) => (app: FastifyInstance) =>
      send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password } });

    await expectOneLimitAcross(attempt('not the password'), 401);
    expectRateLimited(await attempt(member.password)(b));

    const other = await registerMember(b);
    expect((await send(a, 'POST', '/api/auth/login', { body: { email: other.user.email, password: other.password } })).statusCode).toBe(200);
    const keys = (await a.services.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    // Digests under the server's secret, never the email or the address in clear.
    for (const key of keys) expect(key).toMatch(/^[\w-]{43}$/);
  });

  it('count the requests from one address together, and no other address', async () => {
    const checkInvite = (remoteAddress: string) => (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: `/api/invites/${randomUUID()}`, remoteAddress });

    await expectOneLimitAcross(checkInvite('203.0.113.7'), 200);
    expect((await checkInvite('203.0.113.8')(instances().b)).statusCode).toBe(200);
  });

  it("count a member's messages together, and not the other member's", async () => {
    const { a, b } = instances();
    const busy = await registerMember(a);
    const other = await registerMember(a);
    const opened = await send(a, 'POST', '/api/conversations', { cookie: busy.cookie, body: { otherUserId: other.user.id } });
    const { id } = opened.json<{ conversation: { id: string } }>().conversation;
    const say = (member: typeof busy) => (app: FastifyInstance) =>
      send(app, 'POST', `/api/conversations/${id}/messages`, { cookie: member.cookie, body: { clientId: randomUUID(), text: 'hello' } });

    await expectOneLimitAcross(say(busy), 200);
    expect((await say(other)(b)).statusCode).toBe(200);
  });
});

describe('the counters table', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("starts a key's window again once it has ended, in place", async () => {
    // A window 0 ms long has ended by the next statement.
    expect((await repo.hit(database.db, 'reused', 0)).count).toBe(1);
    const next = await repo.hit(database.db, 'reused', HOUR);
    expect(next.count).toBe(1);
    expect(next.resetInMs).toBeGreaterThan(HOUR - 60_000);
    expect((await repo.hit(database.db, 'reused', HOUR)).count).toBe(2);
  });

  it('lets go, when swept, of the windows that have ended and keeps those still running', async () => {
    const store = new PostgresRateLimitStore(database.db, 'a test key', pino({ level: 'silent' }));
    await database.db.delete(rateLimitCounters);
    await store.hit('ended', 0);
    await store.hit('running', HOUR);
    await store.hit('running', HOUR);

    await store.sweep();

    const rows = await database.db.select().from(rateLimitCounters);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.count).toBe(2);
    expect((await store.hit('running', HOUR)).count).toBe(3);
  });

  it('counts in the instance while the database is away, and says so once, without the key', async () => {
    const gone = await openTestDatabase();
    await gone.close();
    const log = new LogCapture();
    const store = new PostgresRateLimitStore(gone.db, 'a test key', pino(log));

    expect(await store.hit('member@example.com', HOUR)).toMatchObject({ count: 1 });
    expect(await store.hit('member@example.com', HOUR)).toMatchObject({ count: 2 });

    expect(log.entries().map((entry) => entry.msg)).toEqual([
      'rate limits cannot be counted in the database: counting in this instance until it answers',
    ]);
    expect(log.lines.join('\n')).not.toContain('member@example.com');
  });
});
