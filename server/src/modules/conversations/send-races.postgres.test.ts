import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, notifications } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { sendPhoto, storedFileCount } from '../../test/chat-photos.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { waitingForThePair } from '../../test/pair-lock.ts';
import { lockPair } from '../blocks/repository.ts';

let app: FastifyInstance;
let uploadsDir: string;
let base: string;

/**
 * A send writes in one statement with no transaction around it, after waiting for the pair's lock
 * (docs/decisions/029). These hold that lock while sends pile up behind it, so what each sees once
 * it is let go is decided, not left to timing. PGlite runs one statement at a time: PostgreSQL only.
 */
beforeAll(async () => {
  ({ app, uploadsDir } = await buildTestApp());
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
});

/** Starts the sends while the pair's lock is held, and lets them go once all of them wait for it. */
async function heldBack<T>(a: Member, b: Member, sends: () => Promise<T>[]): Promise<T[]> {
  let sent: Promise<T[]> | undefined;
  await app.services.database.db.transaction(async (tx) => {
    await lockPair(tx, a.user.id, b.user.id);
    const started = sends();
    sent = Promise.all(started);
    await expect.poll(() => waitingForThePair(app.services.database.db), { timeout: 10_000 }).toBe(started.length);
  });
  return sent!;
}

async function conversationOf(ann: Member, ben: Member): Promise<string> {
  return (await send(app, 'POST', '/api/conversations', { cookie: ben.cookie, body: { otherUserId: ann.user.id } })).json<{ conversation: { id: string } }>()
    .conversation.id;
}

describe('sends that wait together for the pair', () => {
  it('make one message of a photo sent twice with one client id, answer both with it, and remove the second copy of the photo', async () => {
    const ann = await registerMember(app);
    const ben = await registerMember(app);
    const conversationId = await conversationOf(ann, ben);
    const clientId = randomUUID();
    const filesBefore = storedFileCount(uploadsDir);

    const [first, second] = await heldBack(ann, ben, () => [sendPhoto(base, ben, conversationId, clientId), sendPhoto(base, ben, conversationId, clientId)]);

    expect([first!.status, second!.status]).toEqual([200, 200]);
    expect(second!.message).toEqual(first!.message);
    expect(await app.services.database.db.select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(1);
    // One photo kept, at full size and as a thumbnail.
    expect(storedFileCount(uploadsDir)).toBe(filesBefore + 2);
  });

  it('leave the receiver one unread notice of the conversation, showing the message written last', async () => {
    const ann = await registerMember(app);
    const ben = await registerMember(app);
    const conversationId = await conversationOf(ann, ben);
    const say = (text: string) => send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: ben.cookie, body: { clientId: randomUUID(), text } });

    const answers = await heldBack(ann, ben, () => [say('One'), say('Two'), say('Three')]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    // The conversation's preview and the notice are written by the same statement, the last to get the pair.
    const [conversation] = await app.services.database.db
      .select({ lastMessage: conversations.lastMessage })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    const unread = await app.services.database.db
      .select({ description: notifications.description })
      .from(notifications)
      .where(and(eq(notifications.userId, ann.user.id), eq(notifications.relatedId, conversationId), eq(notifications.read, false)));
    expect(['One', 'Two', 'Three']).toContain(conversation!.lastMessage);
    expect(unread).toEqual([{ description: conversation!.lastMessage }]);
  });
});
