import type { Proposal } from '@swapyard/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, pointEntries, proposals } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { registerMember, type Member } from '../../test/members.ts';
import { propose } from '../../test/proposals.ts';

const MEMBERS = 12;
const ITEMS_PER_MEMBER = 3;
const PROPOSALS = 100;
/** Members who delete their account while the accepts run. */
const LEAVERS = 2;

let app: FastifyInstance;
let members: Member[];
let created: Proposal[];

/** PGlite runs one transaction at a time and would hide every race: this runs on PostgreSQL only. */
beforeAll(async () => {
  ({ app } = await buildTestApp());
  // The first account is the site's admin, who may not leave: a founder takes that place, so every member here can.
  await registerMember(app, { displayName: 'Founder' });
  members = [];
  for (let i = 0; i < MEMBERS; i++) members.push(await registerMember(app, { displayName: `Member ${i}` }));
  const owned = new Map<string, string[]>();
  for (const member of members) {
    const ids: string[] = [];
    for (let j = 0; j < ITEMS_PER_MEMBER; j++) ids.push((await createItem(app, member, { title: `Thing ${j}` })).id);
    owned.set(member.user.id, ids);
  }
  const allItems = [...owned.entries()].flatMap(([ownerId, ids]) => ids.map((id) => ({ id, ownerId })));
  created = [];
  // Deterministic but tangled: each item is wanted by about three members and offered in other proposals.
  for (let k = 0; created.length < PROPOSALS; k++) {
    const target = allItems[k % allItems.length]!;
    const ownerIndex = members.findIndex((m) => m.user.id === target.ownerId);
    const sender = members[(ownerIndex + 1 + Math.floor(k / allItems.length) * 5) % MEMBERS]!;
    const offerItemId = k % 2 === 0 ? owned.get(sender.user.id)![k % ITEMS_PER_MEMBER]! : null;
    const response = await propose(app, sender, target.id, { pointsOffer: k % 9, offerItemId });
    if (response.statusCode === 201) created.push(response.json().proposal);
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
}, 240_000);

afterAll(async () => {
  await app.close();
});

describe('200 concurrent accepts over 100 proposals that share items, while members leave', () => {
  it('swaps each item at most once, keeps the ledger whole, and never shows a member a deadlock', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cookieOf = new Map(members.map((m) => [m.user.id, m.cookie]));
    const leavers = members.slice(0, LEAVERS);
    const leaverIds = leavers.map((m) => m.user.id);
    const requests = [...created, ...created].map((proposal) =>
      fetch(`${base}/api/proposals/${proposal.id}/accept`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: cookieOf.get(proposal.receiver.id)! },
      }).then(async (response) => ({ id: proposal.id, receiverId: proposal.receiver.id, status: response.status, body: await response.text() })),
    );
    const deletions = leavers.map((leaver) =>
      fetch(`${base}/api/me/delete`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, cookie: leaver.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ password: leaver.password }),
      }).then((response) => response.status),
    );

    const [results, deleted] = await Promise.all([Promise.all(requests), Promise.all(deletions)]);

    expect(deleted).toEqual(leavers.map(() => 204));
    // A leaver's own accept may find their session already ended (401); everything else is done or refused.
    const unexpected = results.filter((r) => r.status !== 200 && r.status !== 409 && !(r.status === 401 && leaverIds.includes(r.receiverId)));
    expect(unexpected).toEqual([]);
    expect(results.some((r) => /deadlock|serializ/i.test(r.body))).toBe(false);
    const acceptedIds = results.filter((r) => r.status === 200).map((r) => r.id);
    expect(new Set(acceptedIds).size).toBe(acceptedIds.length);
    expect(acceptedIds.length).toBeGreaterThan(0);

    const db = app.services.database.db;
    const accepted = await db.select().from(proposals).where(eq(proposals.status, 'accepted'));
    expect(accepted.map((p) => p.id).sort()).toEqual([...acceptedIds].sort());
    const involved = accepted.flatMap((p) => [p.itemId, ...(p.offerItemId ? [p.offerItemId] : [])]);
    expect(new Set(involved).size).toBe(involved.length);
    const swapped = await db.select({ id: items.id }).from(items).where(eq(items.status, 'swapped'));
    expect(swapped.map((i) => i.id).sort()).toEqual([...involved].sort());
    const stillPending = await db.select().from(proposals).where(eq(proposals.status, 'pending'));
    for (const p of stillPending) {
      expect(involved).not.toContain(p.itemId);
      if (p.offerItemId) expect(involved).not.toContain(p.offerItemId);
      expect(leaverIds).not.toContain(p.senderId);
      expect(leaverIds).not.toContain(p.receiverId);
    }
    const leaversItems = await db.select({ status: items.status }).from(items).where(inArray(items.ownerId, leaverIds));
    expect(leaversItems.filter((item) => item.status !== 'swapped')).toEqual([]);

    // Points left only through the leavers' closing entries, which took their whole balance.
    const closing = await db.select().from(pointEntries).where(eq(pointEntries.reason, 'account_closed'));
    expect(closing.map((entry) => ({ userId: entry.userId, balanceAfter: entry.balanceAfter })).sort((a, b) => a.userId.localeCompare(b.userId)))
      .toEqual([...leaverIds].sort().map((userId) => ({ userId, balanceAfter: 0 })));
    expect(await expectLedgerWhole(db)).toBe(100 * (MEMBERS + 1) + closing.reduce((sum, entry) => sum + entry.amount, 0));
  }, 120_000);
});
