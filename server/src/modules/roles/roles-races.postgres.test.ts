import type { CurrentUser } from '@swapyard/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import { registerMember, registration } from '../../test/members.ts';

const ROUNDS = 5;
const apps: FastifyInstance[] = [];

/** PGlite runs one transaction at a time and would hide these races: real connections, over HTTP. */
async function listeningApp(): Promise<{ app: FastifyInstance; base: string }> {
  const { app } = await buildTestApp();
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const call = (base: string, method: string, url: string, body: unknown, cookie?: string) =>
  fetch(`${base}${url}`, {
    method,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const openAdmins = async (app: FastifyInstance) =>
  (await app.services.database.db.select({ role: users.role, deletedAt: users.deletedAt }).from(users)).filter(
    (row) => row.role === 'admin' && !row.deletedAt,
  ).length;

describe('on PostgreSQL, with the transactions truly at the same time', () => {
  it('several first registrations make exactly one admin', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { app, base } = await listeningApp();
      const answers = await Promise.all(Array.from({ length: 4 }, () => call(base, 'POST', '/api/auth/register', registration())));
      const roles = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { user: CurrentUser }).user.role));

      expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
      expect(await openAdmins(app)).toBe(1);
      await app.close();
      apps.splice(0);
    }
  });

  it('two admins demoting each other, or both deleting their account, leave one admin', async () => {
    const { app, base } = await listeningApp();
    await registerMember(app);
    for (let round = 0; round < ROUNDS; round++) {
      const one = await registerMember(app);
      const two = await registerMember(app);
      // These two are the community's only admins.
      const db = app.services.database.db;
      await db.update(users).set({ role: 'member' }).where(eq(users.role, 'admin'));
      await db.update(users).set({ role: 'admin' }).where(inArray(users.id, [one.user.id, two.user.id]));

      const [first, second] =
        round % 2 === 0
          ? [
              call(base, 'PUT', `/api/admin/members/${two.user.id}/role`, { role: 'member' }, one.cookie),
              call(base, 'PUT', `/api/admin/members/${one.user.id}/role`, { role: 'member' }, two.cookie),
            ]
          : [
              call(base, 'POST', '/api/me/delete', { password: one.password }, one.cookie),
              call(base, 'POST', '/api/me/delete', { password: two.password }, two.cookie),
            ];
      const statuses = (await Promise.all([first, second])).map((answer) => answer.status).sort();

      // The loser of a demotion may already be a member when its request arrives: then /api/admin/ hides itself (404).
      expect(statuses).toEqual(round % 2 === 0 ? [200, expect.toSatisfy((s: number) => s === 403 || s === 404)] : [204, 409]);
      expect(await openAdmins(app)).toBe(1);
    }
  });
});
