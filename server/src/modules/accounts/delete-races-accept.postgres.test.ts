import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, proposals, users } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { createProposal } from '../../test/proposals.ts';

const ROUNDS = 8;
const OFFER = 30;
// The deletion checks the password (argon2, tens of milliseconds) before its transaction: the
// accept starts a little later each round, so the rounds cover the accept first, the two
// transactions overlapping, and the deletion first. Which one wins a round is the machine's timing.
const STAGGER_MS = 25;

const after = <T>(ms: number, start: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, ms)).then(start);

let app: FastifyInstance;
let base: string;

/** PGlite runs one transaction at a time and would hide the race: this runs on PostgreSQL only. */
beforeAll(async () => {
  ({ app } = await buildTestApp());
  // The first account is the site's admin, who may not leave: a founder takes that place, so every leaver here can.
  await registerMember(app, { displayName: 'Founder' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, cookie: string, body?: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  }).then(async (response) => ({ status: response.status, body: await response.text() }));

async function stateOf(proposalId: string, memberIds: string[], itemIds: string[]) {
  const db = app.services.database.db;
  const [proposal] = await db.select({ status: proposals.status }).from(proposals).where(eq(proposals.id, proposalId));
  const balances = new Map(
    (await db.select({ id: users.id, points: users.points }).from(users)).filter((row) => memberIds.includes(row.id)).map((row) => [row.id, row.points]),
  );
  const statuses = new Map((await db.select({ id: items.id, status: items.status }).from(items)).map((row) => [row.id, row.status]));
  return { proposal: proposal?.status, balances, items: itemIds.map((id) => statuses.get(id) ?? 'gone') };
}

/** A second session of the leaver, as another tab would hold, so the accept does not ride on the cookie the deletion ends. */
async function secondSession(member: Member): Promise<string> {
  return sessionCookieOf(await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } }));
}

describe('a deletion racing an accept that involves the leaving member', () => {
  it('when the leaver sent the proposal: the accept is refused, or the swap happened first and the closing entry takes what it left', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const leaver = await registerMember(app);
      const bob = await registerMember(app);
      const bike = await createItem(app, bob, { title: 'Bike' });
      const kettle = await createItem(app, leaver, { title: 'Kettle' });
      const proposal = await createProposal(app, leaver, bike.id, { pointsOffer: OFFER, offerItemId: kettle.id });

      const [deleted, accepted] = await Promise.all([
        post('/api/me/delete', leaver.cookie, { password: leaver.password }),
        after(round * STAGGER_MS, () => post(`/api/proposals/${proposal.id}/accept`, bob.cookie)),
      ]);

      expect(deleted.status).toBe(204);
      expect([200, 409]).toContain(accepted.status);
      const state = await stateOf(proposal.id, [leaver.user.id, bob.user.id], [bike.id, kettle.id]);
      if (accepted.status === 200) {
        // The swap committed first: both items swapped, the points moved, and the rest of the balance closed.
        expect(state).toEqual({ proposal: 'accepted', balances: new Map([[leaver.user.id, 0], [bob.user.id, 100 + OFFER]]), items: ['swapped', 'swapped'] });
      } else {
        // The deletion committed first: nothing of the swap happened, and Bob keeps his bike to offer again.
        expect(state).toEqual({ proposal: 'cancelled', balances: new Map([[leaver.user.id, 0], [bob.user.id, 100]]), items: ['available', 'gone'] });
      }
      await expectLedgerWhole(app.services.database.db);
    }
  }, 120_000);

  it('when the leaver received the proposal and accepts it in another tab: the same, never points or items lost', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const leaver = await registerMember(app);
      const bob = await registerMember(app);
      const lamp = await createItem(app, leaver, { title: 'Lamp' });
      const proposal = await createProposal(app, bob, lamp.id, { pointsOffer: OFFER });
      const otherTab = await secondSession(leaver);

      const [deleted, accepted] = await Promise.all([
        post('/api/me/delete', leaver.cookie, { password: leaver.password }),
        after(round * STAGGER_MS, () => post(`/api/proposals/${proposal.id}/accept`, otherTab)),
      ]);

      expect(deleted.status).toBe(204);
      // Refused as signed out (the session ended first), as no longer possible (the lamp went first, inside
      // the accept's transaction), or as not found (the proposal went with the lamp before the accept read it).
      expect([200, 401, 404, 409]).toContain(accepted.status);
      const state = await stateOf(proposal.id, [leaver.user.id, bob.user.id], [lamp.id]);
      if (accepted.status === 200) {
        expect(state).toEqual({ proposal: 'accepted', balances: new Map([[leaver.user.id, 0], [bob.user.id, 100 - OFFER]]), items: ['swapped'] });
      } else {
        // The proposal went with the lamp (ON DELETE CASCADE), and Bob's points never moved.
        expect(state).toEqual({ proposal: undefined, balances: new Map([[leaver.user.id, 0], [bob.user.id, 100]]), items: ['gone'] });
      }
      await expectLedgerWhole(app.services.database.db);
    }
  }, 120_000);
});
