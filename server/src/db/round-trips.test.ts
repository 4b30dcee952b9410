import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createItem } from '../test/items.ts';
import { registerMember, send, type Member } from '../test/members.ts';
import { recordStatements } from './statement-count.ts';

// Issue 19's budgets, in statements (each a round trip on PostgreSQL, the event bus's NOTIFY included):
// the busiest routes must not drift back to a statement per thing they show (docs/decisions/028, 029).
let app: FastifyInstance;
let alice: Member;
let bob: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  await registerMember(app, { displayName: 'Founder' });
  [alice, bob] = [await registerMember(app, { displayName: 'Alice' }), await registerMember(app, { displayName: 'Bob' })];
});
afterEach(async () => {
  await app.close();
});

/** The statements of the request's third run: the first ones fill the caches a busy site has full (sessions, prepared statements). */
async function statementsOf(request: () => Promise<{ statusCode: number }>): Promise<string[]> {
  let statements: string[] = [];
  for (let run = 0; run < 3; run += 1) {
    const recorded = await recordStatements(request);
    expect(recorded.result.statusCode).toBe(200);
    statements = recorded.statements;
  }
  return statements;
}

describe('round trips per request', () => {
  it('opens the marketplace and a search in one statement each, an item page in two at most', async () => {
    const item = await createItem(app, alice, { title: 'Road bicycle' });

    expect(await statementsOf(() => send(app, 'GET', '/api/items', { cookie: bob.cookie }))).toHaveLength(1);
    expect(await statementsOf(() => send(app, 'GET', '/api/items?q=bicycle', { cookie: bob.cookie }))).toHaveLength(1);
    expect((await statementsOf(() => send(app, 'GET', `/api/items/${item.id}`, { cookie: bob.cookie }))).length).toBeLessThanOrEqual(2);
  });

  it('sends a message in at most four, its events included', async () => {
    const conversation = (await send(app, 'POST', '/api/conversations', { cookie: bob.cookie, body: { otherUserId: alice.user.id } })).json<{
      conversation: { id: string };
    }>().conversation;

    const statements = await statementsOf(() =>
      send(app, 'POST', `/api/conversations/${conversation.id}/messages`, { cookie: bob.cookie, body: { clientId: randomUUID(), text: 'Still there?' } }),
    );

    expect(statements.length).toBeLessThanOrEqual(4);
  });
});
