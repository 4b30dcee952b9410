import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { items, pointEntries, proposals, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, type Member } from '../../test/members.ts';
import { answer, propose } from '../../test/proposals.ts';

/** What the ledger must look like, kept by the simplest rules that could work. */
interface Model {
  points: number[];
  itemOwner: number[];
  itemSwapped: boolean[];
  proposals: { id: string; sender: number; item: number; offer: number | null; points: number; status: string }[];
}

interface Real {
  app: FastifyInstance;
  members: Member[];
  itemIds: string[];
}

type Command = fc.AsyncCommand<Model, Real>;

const SIGNUP_BONUS = 100;

class SignUp implements Command {
  check = (m: Readonly<Model>) => m.points.length < 6;
  async run(m: Model, r: Real) {
    r.members.push(await registerMember(r.app));
    m.points.push(SIGNUP_BONUS);
    const index = r.members.length - 1;
    r.itemIds.push((await createItem(r.app, r.members[index]!)).id);
    m.itemOwner.push(index);
    m.itemSwapped.push(false);
  }
  toString = () => 'signUp';
}

class Propose implements Command {
  constructor(readonly sender: number, readonly item: number, readonly points: number, readonly offerOwn: boolean) {}
  check = (m: Readonly<Model>) => m.points.length >= 2;
  async run(m: Model, r: Real) {
    const sender = this.sender % m.points.length;
    const item = this.item % m.itemOwner.length;
    const offer = this.offerOwn ? m.itemOwner.findIndex((owner, i) => owner === sender && !m.itemSwapped[i]) : -1;
    const response = await propose(r.app, r.members[sender]!, r.itemIds[item]!, {
      pointsOffer: this.points,
      offerItemId: offer >= 0 ? r.itemIds[offer]! : null,
    });
    const duplicate = m.proposals.some((p) => p.sender === sender && p.item === item && p.status === 'pending');
    const ok = m.itemOwner[item] !== sender && !m.itemSwapped[item] && m.points[sender]! >= this.points && !duplicate;
    expect(response.statusCode === 201).toBe(ok);
    if (ok) {
      const { id } = response.json().proposal;
      m.proposals.push({ id, sender, item, offer: offer >= 0 ? offer : null, points: this.points, status: 'pending' });
    }
  }
  toString = () => `propose(${this.sender}, ${this.item}, ${this.points}, ${this.offerOwn})`;
}

class Answer implements Command {
  constructor(readonly which: number, readonly action: 'accept' | 'decline' | 'cancel') {}
  check = (m: Readonly<Model>) => m.proposals.length > 0;
  async run(m: Model, r: Real) {
    const p = m.proposals[this.which % m.proposals.length]!;
    const actor = this.action === 'cancel' ? p.sender : m.itemOwner[p.item]!;
    const response = await answer(r.app, r.members[actor]!, p.id, this.action);
    const owner = m.itemOwner[p.item]!;
    const itemsFree = !m.itemSwapped[p.item] && (p.offer === null || !m.itemSwapped[p.offer]);
    const ok = p.status === 'pending' && (this.action !== 'accept' || (itemsFree && m.points[p.sender]! >= p.points));
    expect(response.statusCode === 200).toBe(ok);
    if (!ok) return;
    if (this.action !== 'accept') {
      p.status = this.action === 'decline' ? 'declined' : 'cancelled';
      return;
    }
    p.status = 'accepted';
    m.points[p.sender]! -= p.points;
    m.points[owner]! += p.points;
    const swapped = [p.item, ...(p.offer === null ? [] : [p.offer])];
    for (const i of swapped) m.itemSwapped[i] = true;
    for (const other of m.proposals) {
      if (other.status === 'pending' && (swapped.includes(other.item) || (other.offer !== null && swapped.includes(other.offer)))) {
        other.status = 'declined';
      }
    }
  }
  toString = () => `${this.action}(${this.which})`;
}

async function checkInvariants(m: Model, r: Real) {
  const db = r.app.services.database.db;
  const rows = await db
    .select({ id: users.id, points: users.points, ledger: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int` })
    .from(users)
    .leftJoin(pointEntries, eq(pointEntries.userId, users.id))
    .groupBy(users.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  r.members.forEach((member, i) => {
    expect(byId.get(member.user.id)).toEqual({ id: member.user.id, points: m.points[i], ledger: m.points[i] });
  });
  expect(rows.reduce((sum, row) => sum + row.points, 0)).toBe(SIGNUP_BONUS * r.members.length);
  const statuses = new Map((await db.select({ id: proposals.id, status: proposals.status }).from(proposals)).map((p) => [p.id, p.status]));
  for (const p of m.proposals) expect(statuses.get(p.id)).toBe(p.status);
  const swapped = new Set((await db.select({ id: items.id }).from(items).where(eq(items.status, 'swapped'))).map((i) => i.id));
  m.itemSwapped.forEach((isSwapped, i) => expect(swapped.has(r.itemIds[i]!)).toBe(isSwapped));
}

describe('the ledger against a model', () => {
  it('keeps balances, statuses and the points total in step through random swaps', async () => {
    const commands = [
      fc.constant(new SignUp()),
      fc.tuple(fc.nat(5), fc.nat(5), fc.integer({ min: 0, max: 120 }), fc.boolean()).map(([s, i, p, o]) => new Propose(s, i, p, o)),
      fc.tuple(fc.nat(20), fc.constantFrom('accept', 'decline', 'cancel' as const)).map(([w, a]) => new Answer(w, a)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const { app } = await buildTestApp();
        const real: Real = { app, members: [], itemIds: [] };
        const model: Model = { points: [], itemOwner: [], itemSwapped: [], proposals: [] };
        try {
          for (let i = 0; i < 2; i++) await new SignUp().run(model, real);
          await fc.asyncModelRun(() => ({ model, real }), cmds);
          await checkInvariants(model, real);
        } finally {
          await app.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
