import type { Proposal } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { recordStatements } from '../../../server/src/db/statement-count.ts';
import { buildTestApp } from '../../../server/src/test/build-test-app.ts';
import { createItem } from '../../../server/src/test/items.ts';
import { registerMember, send } from '../../../server/src/test/members.ts';
import { createProposal } from '../../../server/src/test/proposals.ts';
import { openOwnDatabase } from '../data/own-database.ts';
import { passIf, type Result } from '../lib/report.ts';

const DATABASE = 'swapyard_bench_round_trips';
/** Each request is made this many times and the last one counted: the first ones fill caches a busy site has full. */
const RUNS = 3;

/** Issue 19's budgets, in round trips to PostgreSQL. */
const BUDGETS: Record<string, number> = { 'send a message': 4, 'open the marketplace': 2 };

interface Request {
  name: string;
  /** Makes the request; `run` counts from 0, for requests that need something new each time (a proposal to accept). */
  make: (run: number) => Promise<{ statusCode: number; body: string }>;
}

/**
 * The statements each main route sends to the database, read from Drizzle and the event bus in the
 * server's own process (server/src/db/statement-count.ts): on PostgreSQL, each is a round trip. The lists go to
 * results/statements-<engine>.txt, for docs/scaling.md and for whoever shortens them.
 */
export async function measureRoundTrips(where: string, options: { adminUrl?: string; resultsDir: string }): Promise<Result[]> {
  const own = await openOwnDatabase(DATABASE, options.adminUrl);
  const { app } = await buildTestApp({}, { database: own.database });
  try {
    await registerMember(app, { displayName: 'Founder' });
    const [alice, bob] = [await registerMember(app, { displayName: 'Alice' }), await registerMember(app, { displayName: 'Bob' })];
    const listed = await createItem(app, alice, { title: 'Road bicycle' });
    const forSwaps: Proposal[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const item = await createItem(app, alice, { title: `Lamp ${String(run)}` });
      forSwaps.push(await createProposal(app, bob, item.id, { pointsOffer: 1 }));
    }
    const conversation = (await send(app, 'POST', '/api/conversations', { cookie: bob.cookie, body: { otherUserId: alice.user.id, itemId: listed.id } })).json<{
      conversation: { id: string };
    }>().conversation;

    const requests: Request[] = [
      { name: 'open the marketplace', make: () => send(app, 'GET', '/api/items', { cookie: bob.cookie }) },
      { name: 'search the marketplace', make: () => send(app, 'GET', '/api/items?q=bicycle', { cookie: bob.cookie }) },
      { name: 'open an item', make: () => send(app, 'GET', `/api/items/${listed.id}`, { cookie: bob.cookie }) },
      {
        name: 'send a message',
        make: () => send(app, 'POST', `/api/conversations/${conversation.id}/messages`, { cookie: bob.cookie, body: { clientId: randomUUID(), text: 'Is it still there?' } }),
      },
      { name: 'accept a proposal', make: (run) => send(app, 'POST', `/api/proposals/${forSwaps[run]!.id}/accept`, { cookie: alice.cookie }) },
      { name: 'list notifications', make: () => send(app, 'GET', '/api/notifications', { cookie: alice.cookie }) },
      { name: 'sign in', make: () => send(app, 'POST', '/api/auth/login', { body: { email: alice.user.email, password: alice.password } }) },
    ];
    const report: string[] = [];
    const results: Result[] = [];
    for (const request of requests) {
      let statements: string[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const recorded = await recordStatements(() => request.make(run));
        if (recorded.result.statusCode >= 400) throw new Error(`${request.name}: ${String(recorded.result.statusCode)} ${recorded.result.body}`);
        statements = recorded.statements;
      }
      report.push(`## ${request.name}: ${String(statements.length)}`, ...statements.map((statement) => `- ${statement.replace(/\s+/g, ' ')}`), '');
      const budget = where === 'PostgreSQL' ? BUDGETS[request.name] : undefined;
      results.push({
        where,
        measure: `statements per request: ${request.name}`,
        measured: String(statements.length),
        reference: where === 'PostgreSQL' ? 'each a round trip, begin and commit included' : 'begin and commit run inside PGlite, not counted',
        ratio: '-',
        budget: budget === undefined ? 'reported' : `<= ${String(budget)} (issue 19)`,
        verdict: budget === undefined ? 'INFO' : passIf(statements.length <= budget),
        figures: { statements: statements.length },
      });
    }
    fs.writeFileSync(path.join(options.resultsDir, `statements-${where.toLowerCase()}.txt`), `${report.join('\n')}\n`);
    return results;
  } finally {
    await app.close();
    await own.remove();
  }
}
