import { STARTING_POINTS, type Proposal } from '@swapyard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/database.ts';
import { items, pointEntries, proposals, users } from '../../../server/src/db/schema/index.ts';
import { createSignedInMembers } from '../data/members.ts';
import { formatNumber, ms, passIf, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';

const MEMBERS = 12;
const ITEMS_PER_MEMBER = 3;
const PROPOSALS = 100;

interface Answer {
  proposalId: string;
  status: number;
  body: string;
}

/**
 * 200 accepts at once over 100 proposals that share items (each item wanted by about three
 * members and offered in other proposals), on PostgreSQL, where transactions really run side by
 * side. Then the database must show each item swapped at most once, every 200 answer backed by
 * an accepted proposal, no pending proposal left on a swapped item, and every point accounted for.
 */
export async function measureAccepts(where: string, server: ServerProcess, databaseUrl: string): Promise<Result> {
  const database = await openDatabase({ engine: 'postgres', url: databaseUrl }, { warn: () => undefined });
  try {
    const db = database.db;
    const members = await createSignedInMembers(db, MEMBERS, 'accepts');
    const owned = await db
      .insert(items)
      .values(
        members.flatMap((member, m) =>
          Array.from({ length: ITEMS_PER_MEMBER }, (_, j) => ({
            ownerId: member.id,
            title: `Swap test item ${m + 1}.${j + 1}`,
            category: 'Other',
            value: 10,
            location: 'Leeds',
          })),
        ),
      )
      .returning({ id: items.id, ownerId: items.ownerId });
    const ownedBy = (memberId: string) => owned.filter((item) => item.ownerId === memberId);

    const created: Proposal[] = [];
    for (let k = 0; created.length < PROPOSALS; k++) {
      const target = owned[k % owned.length]!;
      const ownerIndex = members.findIndex((m) => m.id === target.ownerId);
      const sender = members[(ownerIndex + 1 + Math.floor(k / owned.length) * 5) % MEMBERS]!;
      const response = await fetch(`${server.baseUrl}/api/proposals`, {
        method: 'POST',
        headers: { origin: server.baseUrl, cookie: sender.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          itemId: target.id,
          message: 'Would you swap?',
          pointsOffer: k % 9,
          offerItemId: k % 2 === 0 ? ownedBy(sender.id)[k % ITEMS_PER_MEMBER]!.id : null,
        }),
      });
      const body = (await response.json()) as { proposal: Proposal };
      // The same sender asking twice for one item is refused by design; the loop moves on.
      if (response.status === 201) created.push(body.proposal);
      else if (k >= 3 * PROPOSALS) throw new Error(`only ${created.length} proposals could be sent; the last answer: ${response.status} ${JSON.stringify(body)}`);
    }

    const cookieOf = new Map(members.map((m) => [m.id, m.cookie]));
    const started = performance.now();
    const answers: Answer[] = await Promise.all(
      [...created, ...created].map(async (proposal) => {
        const response = await fetch(`${server.baseUrl}/api/proposals/${proposal.id}/accept`, {
          method: 'POST',
          headers: { origin: server.baseUrl, cookie: cookieOf.get(proposal.receiver.id)! },
        });
        return { proposalId: proposal.id, status: response.status, body: await response.text() };
      }),
    );
    const elapsedMs = performance.now() - started;

    const succeeded = answers.filter((a) => a.status === 200).map((a) => a.proposalId);
    const unexpected = answers.filter((a) => a.status !== 200 && a.status !== 409).length;
    const deadlocks = answers.filter((a) => /deadlock|serializ/i.test(a.body)).length;
    const ids = created.map((p) => p.id);
    const outcome = await db.select().from(proposals).where(inArray(proposals.id, ids));
    const acceptedIds = outcome.filter((p) => p.status === 'accepted').map((p) => p.id);
    const involved = outcome
      .filter((p) => p.status === 'accepted')
      .flatMap((p) => [p.itemId, ...(p.offerItemId ? [p.offerItemId] : [])]);
    const swappedRows = await db
      .select({ id: items.id })
      .from(items)
      .where(and(inArray(items.id, owned.map((i) => i.id)), eq(items.status, 'swapped')));
    const swapped = new Set(swappedRows.map((i) => i.id));
    const pendingOnSwapped = outcome.filter(
      (p) => p.status === 'pending' && (swapped.has(p.itemId) || (p.offerItemId !== null && swapped.has(p.offerItemId))),
    ).length;
    const memberIds = members.map((m) => m.id);
    const [total] = await db
      .select({ points: sql<number>`sum(${users.points})::int` })
      .from(users)
      .where(inArray(users.id, memberIds));
    const ledger = await db
      .select({ points: users.points, entries: sql<number>`coalesce(sum(${pointEntries.amount}), 0)::int` })
      .from(users)
      .leftJoin(pointEntries, eq(pointEntries.userId, users.id))
      .where(inArray(users.id, memberIds))
      .groupBy(users.id);

    const sameAsDatabase =
      new Set(succeeded).size === succeeded.length && [...succeeded].sort().join() === [...acceptedIds].sort().join();
    const eachItemOnce = new Set(involved).size === involved.length && involved.every((id) => swapped.has(id));
    const conserved = total?.points === STARTING_POINTS * MEMBERS && ledger.every((row) => row.points === row.entries);
    const ok = sameAsDatabase && eachItemOnce && conserved && pendingOnSwapped === 0 && unexpected === 0 && deadlocks === 0;
    return {
      where,
      measure: `${answers.length} concurrent accepts over ${created.length} proposals sharing ${owned.length} items`,
      measured: `${succeeded.length} accepted in ${ms(elapsedMs)}; ${deadlocks} deadlock errors, ${unexpected} unexpected answers`,
      reference: `database: ${acceptedIds.length} accepted, items swapped once: ${eachItemOnce ? 'yes' : 'no'}, points ${formatNumber(total?.points ?? 0)}/${formatNumber(STARTING_POINTS * MEMBERS)}`,
      ratio: '-',
      budget: 'answers = database, each item once, points conserved, 0 deadlocks',
      verdict: passIf(ok),
      figures: {
        requests: answers.length,
        proposals: created.length,
        succeeded: succeeded.length,
        acceptedInDatabase: acceptedIds.length,
        elapsedMs,
        deadlocks,
        unexpected,
        pendingOnSwapped,
        pointsTotal: total?.points ?? 0,
      },
    };
  } finally {
    await database.close();
  }
}
