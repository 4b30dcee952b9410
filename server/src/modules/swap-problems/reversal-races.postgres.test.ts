import type { Proposal } from '@swapyard/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, proposals, swapProblems } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { registerMember, type Member } from '../../test/members.ts';
import { createProposal } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';

const ROUNDS = 8;
const PAID = 40;

let app: FastifyInstance;
let base: string;

/** PGlite runs one transaction at a time and would hide every race: this runs on PostgreSQL only. */
beforeAll(async () => {
  ({ app } = await buildTestApp());
  await registerMember(app, { displayName: 'Founder' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app.close();
});

async function post(member: Member, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie: member.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.text() };
}

/**
 * One reported swap of the receiver's lamp: its reversal runs while the receiver spends the points
 * on another member's item and a newcomer tries to swap the lamp the moment it is back.
 */
async function round(moderator: Member) {
  const [sender, receiver, seller, newcomer] = [await registerMember(app), await registerMember(app), await registerMember(app), await registerMember(app)];
  const lamp = await createItem(app, receiver, { title: 'Lamp' });
  const first = await createProposal(app, sender, lamp.id, { pointsOffer: PAID });
  expect((await post(receiver, `/api/proposals/${first.id}/accept`)).status).toBe(200);
  const problem = JSON.parse((await post(sender, `/api/proposals/${first.id}/problems`, { reason: 'no_show' })).body).problem as { id: string };
  const spend = await createProposal(app, receiver, (await createItem(app, seller)).id, { pointsOffer: 100 + PAID - 5 });

  let reversalDone = false;
  const reversal = post(moderator, `/api/admin/swap-problems/${problem.id}/reverse`, { reason: 'No-show' }).finally(() => {
    reversalDone = true;
  });
  const spent = post(seller, `/api/proposals/${spend.id}/accept`);
  // The newcomer asks for the lamp until it is back (it must be, once the reversal answered), then the owner accepts.
  const newAccept = (async () => {
    for (;;) {
      const wasDone = reversalDone;
      const asked = await post(newcomer, '/api/proposals', { itemId: lamp.id, message: 'Mine?', pointsOffer: 1 });
      if (asked.status === 201) return post(receiver, `/api/proposals/${(JSON.parse(asked.body) as { proposal: Proposal }).proposal.id}/accept`);
      expect(asked.status).toBe(409);
      expect(wasDone).toBe(false);
    }
  })();
  const [reversed, spendAnswer, newAnswer] = await Promise.all([reversal, spent, newAccept]);
  return { sender, receiver, lamp, first, problem, reversed, spendAnswer, newAnswer };
}

describe('a reversal racing an accept of the same item and a spend of the same points', () => {
  it('queues behind or ahead of them: the lamp swaps once more, no balance goes below zero, and the shortfall is what could not come back', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const rounds = await Promise.all(Array.from({ length: ROUNDS }, () => round(moderator)));
    const db = app.services.database.db;
    for (const r of rounds) {
      for (const answer of [r.reversed, r.spendAnswer, r.newAnswer]) expect(answer.body).not.toMatch(/deadlock|serializ/i);
      expect(r.reversed.status).toBe(200);
      expect(r.newAnswer.status).toBe(200);
      // The spend went first (the receiver had 5 left) or after (the receiver was 35 short of it).
      expect([200, 409]).toContain(r.spendAnswer.status);
      const { moved, shortfall } = JSON.parse(r.reversed.body) as { moved: number; shortfall: number };
      expect({ moved, shortfall }).toEqual(r.spendAnswer.status === 200 ? { moved: 5, shortfall: PAID - 5 } : { moved: PAID, shortfall: 0 });
      const [row] = await db.select().from(swapProblems).where(eq(swapProblems.id, r.problem.id));
      expect(row).toMatchObject({ status: 'reversed', shortfall });
      const onLamp = await db.select().from(proposals).where(eq(proposals.itemId, r.lamp.id));
      expect(onLamp.filter((p) => p.status === 'accepted')).toHaveLength(1);
      expect(onLamp.find((p) => p.id === r.first.id)?.status).toBe('reversed');
    }
    const lamps = await db.select({ status: items.status }).from(items).where(inArray(items.id, rounds.map((r) => r.lamp.id)));
    expect(lamps.map((lamp) => lamp.status)).toEqual(rounds.map(() => 'swapped'));
    // Reversals only move points between members: the total is every signup bonus.
    const members = 1 + 1 + ROUNDS * 4;
    expect(await expectLedgerWhole(db)).toBe(100 * members);
  }, 180_000);
});
