import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { items, pointEntries, proposals, reports, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, propose } from '../../test/proposals.ts';

/** What the ledger must look like, kept by the simplest rules that could work. */
interface Model {
  points: number[];
  /** Members who deleted their account, and the balance each one's closing entry took out. */
  left: boolean[];
  closed: number;
  itemOwner: number[];
  itemSwapped: boolean[];
  /** Removed with their owner's account. */
  itemGone: boolean[];
  /** 'gone': the proposal asked for a listing that was removed, and went with it. */
  proposals: { id: string; sender: number; item: number; offer: number | null; points: number; status: string }[];
  /** Open reports, as "reporter:item": one each, and none of them moves a point. */
  reports: Set<string>;
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
    m.left.push(false);
    const index = r.members.length - 1;
    r.itemIds.push((await createItem(r.app, r.members[index]!)).id);
    m.itemOwner.push(index);
    m.itemSwapped.push(false);
    m.itemGone.push(false);
  }
  toString = () => 'signUp';
}

class Propose implements Command {
  constructor(readonly sender: number, readonly item: number, readonly points: number, readonly offerOwn: boolean) {}
  check = (m: Readonly<Model>) => m.points.length >= 2;
  async run(m: Model, r: Real) {
    const sender = this.sender % m.points.length;
    const item = this.item % m.itemOwner.length;
    const offer = this.offerOwn ? m.itemOwner.findIndex((owner, i) => owner === sender && !m.itemSwapped[i] && !m.itemGone[i]) : -1;
    const response = await propose(r.app, r.members[sender]!, r.itemIds[item]!, {
      pointsOffer: this.points,
      offerItemId: offer >= 0 ? r.itemIds[offer]! : null,
    });
    const duplicate = m.proposals.some((p) => p.sender === sender && p.item === item && p.status === 'pending');
    const ok =
      !m.left[sender] && !m.itemGone[item] && m.itemOwner[item] !== sender && !m.itemSwapped[item] && m.points[sender]! >= this.points && !duplicate;
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
    const ok = !m.left[actor] && p.status === 'pending' && (this.action !== 'accept' || (itemsFree && m.points[p.sender]! >= p.points));
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

/** A member deletes their account: listings not swapped go, pending proposals close, the balance leaves through a closing entry. */
class Leave implements Command {
  constructor(readonly member: number) {}
  check = (m: Readonly<Model>) => m.left.some((left) => !left);
  async run(m: Model, r: Real) {
    const staying = m.left.flatMap((left, i) => (left ? [] : [i]));
    const leaver = staying[this.member % staying.length]!;
    const member = r.members[leaver]!;
    const response = await send(r.app, 'POST', '/api/me/delete', { cookie: member.cookie, body: { password: member.password } });
    expect(response.statusCode).toBe(204);
    m.left[leaver] = true;
    m.closed += m.points[leaver]!;
    m.points[leaver] = 0;
    m.itemOwner.forEach((owner, i) => {
      if (owner === leaver && !m.itemSwapped[i]) m.itemGone[i] = true;
    });
    for (const p of m.proposals) {
      // A removed listing takes every proposal that asked for it along, whatever its status.
      if (m.itemGone[p.item]) p.status = 'gone';
      else if (p.status === 'pending' && p.sender === leaver) p.status = 'cancelled';
    }
  }
  toString = () => `leave(${this.member})`;
}

/** A member reports a listing (issue 15): the queue gets it, and the ledger does not change by a single entry. */
class Report implements Command {
  constructor(readonly reporter: number, readonly item: number) {}
  check = (m: Readonly<Model>) => m.points.length >= 2;
  async run(m: Model, r: Real) {
    const reporter = this.reporter % m.points.length;
    const item = this.item % m.itemOwner.length;
    const db = r.app.services.database.db;
    const ledgerBefore = await db.select({ n: sql<number>`count(*)::int` }).from(pointEntries);
    const response = await send(r.app, 'POST', '/api/reports', {
      cookie: r.members[reporter]!.cookie,
      body: { targetType: 'item', targetId: r.itemIds[item], reason: 'spam' },
    });
    const key = `${String(reporter)}:${String(item)}`;
    const allowed = !m.left[reporter] && !m.itemGone[item] && m.itemOwner[item] !== reporter;
    // Signed out by leaving (401), their own listing (400), or a listing that went with its owner (404).
    if (allowed) expect(response.statusCode).toBe(m.reports.has(key) ? 409 : 201);
    else expect([400, 401, 404]).toContain(response.statusCode);
    if (response.statusCode === 201) m.reports.add(key);
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(pointEntries)).toEqual(ledgerBefore);
  }
  toString = () => `report(${this.reporter}, ${this.item})`;
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
  // Points left the economy only through the closing entries of members who left.
  expect(await expectLedgerWhole(db)).toBe(SIGNUP_BONUS * r.members.length - m.closed);
  const statuses = new Map((await db.select({ id: proposals.id, status: proposals.status }).from(proposals)).map((p) => [p.id, p.status]));
  for (const p of m.proposals) expect(statuses.get(p.id)).toBe(p.status === 'gone' ? undefined : p.status);
  const [open] = await db.select({ n: sql<number>`count(*)::int` }).from(reports).where(eq(reports.status, 'open'));
  expect(open?.n).toBe(m.reports.size);
  const itemStatus = new Map((await db.select({ id: items.id, status: items.status }).from(items)).map((i) => [i.id, i.status]));
  m.itemSwapped.forEach((isSwapped, i) => {
    expect(itemStatus.get(r.itemIds[i]!)).toBe(m.itemGone[i] ? undefined : isSwapped ? 'swapped' : 'available');
  });
}

describe('the ledger against a model', () => {
  it('keeps balances, statuses and the points total in step through random swaps, reports and members who leave', async () => {
    const commands = [
      fc.constant(new SignUp()),
      fc.tuple(fc.nat(5), fc.nat(5), fc.integer({ min: 0, max: 120 }), fc.boolean()).map(([s, i, p, o]) => new Propose(s, i, p, o)),
      fc.tuple(fc.nat(20), fc.constantFrom('accept', 'decline', 'cancel' as const)).map(([w, a]) => new Answer(w, a)),
      fc.nat(5).map((member) => new Leave(member)),
      fc.tuple(fc.nat(5), fc.nat(5)).map(([reporter, item]) => new Report(reporter, item)),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
        const { app } = await buildTestApp();
        const real: Real = { app, members: [], itemIds: [] };
        const model: Model = { points: [], left: [], closed: 0, itemOwner: [], itemSwapped: [], itemGone: [], proposals: [], reports: new Set() };
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
