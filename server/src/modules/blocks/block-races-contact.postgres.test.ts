import { and, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, messages, proposals } from '../../db/schema/index.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import { sendPhoto, storedFileCount } from '../../test/chat-photos.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send } from '../../test/members.ts';
import { waitingForThePair } from '../../test/pair-lock.ts';
import { insertBlock, lockPair } from './repository.ts';

const ROUNDS = 6;
const SENDS = 6;

let app: FastifyInstance;
let uploadsDir: string;
let base: string;

/** PGlite runs one transaction at a time and would hide the race: this runs on PostgreSQL only. */
beforeAll(async () => {
  ({ app, uploadsDir } = await buildTestApp());
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

const post = (url: string, cookie: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.status);

describe('a block racing messages and proposals between the same two members', () => {
  it('lets through only what committed before it: nothing written since the block, and nothing left pending', async () => {
    const db = app.services.database.db;
    for (let round = 0; round < ROUNDS; round++) {
      const blocker = await registerMember(app);
      const blocked = await registerMember(app);
      const conversationId = (await send(app, 'POST', '/api/conversations', { cookie: blocked.cookie, body: { otherUserId: blocker.user.id } })).json<{
        conversation: { id: string };
      }>().conversation.id;
      const wanted = await Promise.all(Array.from({ length: SENDS }, () => createItem(app, blocker)));

      const sends = Array.from({ length: SENDS }, (_, i) => [
        post(`/api/conversations/${conversationId}/messages`, blocked.cookie, { clientId: randomUUID(), text: `Race ${i}` }),
        post('/api/proposals', blocked.cookie, { itemId: wanted[i]!.id, pointsOffer: 1, message: 'Swap?' }),
      ]).flat();
      const [blockStatus, ...statuses] = await Promise.all([post('/api/blocks', blocker.cookie, { userId: blocked.user.id }), ...sends]);

      expect(blockStatus).toBe(200);
      expect(statuses.every((status) => status === 200 || status === 201 || status === 403)).toBe(true);
      const [block] = await db.select().from(blocks).where(eq(blocks.blockerId, blocker.user.id));
      const since = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, conversationId), gte(messages.createdAt, block!.createdAt)));
      const theirs = await db
        .select({ status: proposals.status, createdAt: proposals.createdAt })
        .from(proposals)
        .where(inArray(proposals.itemId, wanted.map((item) => item.id)));
      expect(since).toEqual([]);
      expect(theirs.filter((proposal) => proposal.status === 'pending' || proposal.createdAt >= block!.createdAt)).toEqual([]);
    }
  });

  it('refuses a photo that was waiting for the pair while the block committed, though the send began before it, and removes it from storage', async () => {
    const db = app.services.database.db;
    const blocker = await registerMember(app);
    const blocked = await registerMember(app);
    const conversationId = (await send(app, 'POST', '/api/conversations', { cookie: blocked.cookie, body: { otherUserId: blocker.user.id } })).json<{
      conversation: { id: string };
    }>().conversation.id;

    const filesBefore = storedFileCount(uploadsDir);
    let sending: Promise<{ status: number }> | undefined;
    await db.transaction(async (tx) => {
      // Blocking as BlocksService.block does, held open until the send is waiting for the pair.
      await lockPair(tx, blocker.user.id, blocked.user.id);
      await insertBlock(tx, blocker.user.id, blocked.user.id);
      sending = sendPhoto(base, blocked, conversationId, randomUUID());
      await expect.poll(() => waitingForThePair(db), { timeout: 10_000 }).toBe(1);
    });

    expect((await sending!).status).toBe(403);
    expect(await db.select().from(messages).where(eq(messages.conversationId, conversationId))).toEqual([]);
    expect(storedFileCount(uploadsDir)).toBe(filesBefore);
  });
});
