import {
  TEXT,
  type BlockedMember,
  type ConversationSummary,
  type ItemPage,
  type Notification,
  type Proposal,
} from '@swapyard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow } from '../../db/statement-steps.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { png } from '../../test/images.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { createProposal, propose } from '../../test/proposals.ts';
import { openSocket } from '../../test/sockets.ts';

let test: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
});

const block = (member: Member, userId: string) => send(app, 'POST', '/api/blocks', { cookie: member.cookie, body: { userId } });
const unblock = (member: Member, userId: string) => send(app, 'DELETE', `/api/blocks/${userId}`, { cookie: member.cookie });
const get = <T>(member: Member, url: string) => send(app, 'GET', url, { cookie: member.cookie }).then((response) => response.json<T>());
const blockedBy = (member: Member) => get<{ blocks: BlockedMember[] }>(member, '/api/blocks').then((list) => list.blocks);
const openWith = (member: Member, other: Member) =>
  send(app, 'POST', '/api/conversations', { cookie: member.cookie, body: { otherUserId: other.user.id } });
const message = (member: Member, conversationId: string, text = 'Hello there') =>
  send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: member.cookie, body: { clientId: randomUUID(), text } });

async function photo(member: Member, conversationId: string) {
  const form = multipart({ clientId: randomUUID(), text: '' }, [{ field: 'image', name: 'shelf.png', bytes: await png(), type: 'image/png' }]);
  return send(app, 'POST', `/api/conversations/${conversationId}/images`, {
    cookie: member.cookie,
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
}

function storedFileCount(): number {
  return fs.readdirSync(test.uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

const refusal = (message: string) => ({ error: { code: 'FORBIDDEN', message } });

describe('blocking a member', () => {
  it('lists them with their name and photo until unblocked; blocking or unblocking twice is doing it once', async () => {
    const ann = await registerMember(app, { displayName: 'Ann' });
    const ben = await registerMember(app, { displayName: 'Ben' });

    const first = await block(ann, ben.user.id);
    const again = await block(ann, ben.user.id);

    expect(first.statusCode).toBe(200);
    const entry = first.json<{ block: BlockedMember }>().block;
    expect(entry).toEqual({ id: ben.user.id, displayName: 'Ben', photoUrl: null, former: false, blockedAt: expect.any(String) });
    expect(again.json<{ block: BlockedMember }>().block).toEqual(entry);
    expect(await blockedBy(ann)).toEqual([entry]);
    expect(await blockedBy(ben)).toEqual([]);

    expect((await unblock(ann, ben.user.id)).statusCode).toBe(204);
    expect((await unblock(ann, ben.user.id)).statusCode).toBe(204);
    expect(await blockedBy(ann)).toEqual([]);
  });

  it('refuses oneself, a former member, an unknown id and a malformed one, changing nothing', async () => {
    const ann = await registerMember(app);
    const leaver = await registerMember(app);
    expect((await send(app, 'POST', '/api/me/delete', { cookie: leaver.cookie, body: { password: leaver.password } })).statusCode).toBe(204);
    const before = await fingerprint(app);

    const self = await block(ann, ann.user.id);
    const former = await block(ann, leaver.user.id);
    const unknown = await block(ann, randomUUID());
    const malformed = await block(ann, 'not-an-id');

    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: TEXT.blocks.yourself } });
    for (const response of [former, unknown]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: TEXT.profile.notFound } });
    }
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: TEXT.blocks.memberRequired } });
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });
});

describe('a blocked pair', () => {
  it('can neither open a conversation, message, send a photo nor propose, and each refusal changes nothing', async () => {
    const blocker = await registerMember(app);
    const blocked = await registerMember(app);
    const conversation = (await openWith(blocked, blocker)).json<{ conversation: ConversationSummary }>().conversation;
    expect((await message(blocked, conversation.id, 'Before the block')).statusCode).toBe(200);
    const blockersLamp = await createItem(app, blocker);
    const blockedsBike = await createItem(app, blocked);
    expect((await block(blocker, blocked.user.id)).statusCode).toBe(200);
    const before = await fingerprint(app);
    const filesBefore = storedFileCount();

    const attempts = [
      { refused: blocked, text: TEXT.blocks.refused, other: blocker, theirItem: blockersLamp },
      { refused: blocker, text: TEXT.blocks.refusedByYou, other: blocked, theirItem: blockedsBike },
    ];
    for (const { refused, text, other, theirItem } of attempts) {
      for (const response of [
        await openWith(refused, other),
        await message(refused, conversation.id),
        await photo(refused, conversation.id),
        await propose(app, refused, theirItem.id, { pointsOffer: 1 }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(text));
      }
    }

    expect(await fingerprint(app.services.database.db)).toBe(before);
    expect(storedFileCount()).toBe(filesBefore);
  });

  it('keeps its conversation readable, marked closed for both, until the block is lifted, and tells their open tabs each time', async () => {
    const blocker = await registerMember(app);
    const blocked = await registerMember(app);
    const conversation = (await openWith(blocked, blocker)).json<{ conversation: ConversationSummary }>().conversation;
    expect(conversation.contactClosed).toBe(false);
    await message(blocked, conversation.id, 'Still there?');
    const blockedTab = await openSocket(app, { cookie: blocked.cookie });
    const updates = () =>
      blockedTab.events.filter((event) => event.type === 'conversations.updated' && event.data.conversationId === conversation.id).length;
    await block(blocker, blocked.user.id);
    await expect.poll(updates).toBe(1);

    for (const member of [blocker, blocked]) {
      expect((await get<{ conversation: ConversationSummary }>(member, `/api/conversations/${conversation.id}`)).conversation.contactClosed).toBe(true);
      const listed = (await get<{ conversations: ConversationSummary[] }>(member, '/api/conversations')).conversations;
      expect(listed.find((row) => row.id === conversation.id)?.contactClosed).toBe(true);
      const { messages } = await get<{ messages: { text: string }[] }>(member, `/api/conversations/${conversation.id}/messages`);
      expect(messages.map((row) => row.text)).toEqual(['Still there?']);
    }

    await unblock(blocker, blocked.user.id);

    await expect.poll(updates).toBe(2);
    blockedTab.socket.close();
    expect((await get<{ conversation: ConversationSummary }>(blocked, `/api/conversations/${conversation.id}`)).conversation.contactClosed).toBe(false);
    expect((await message(blocked, conversation.id, 'Back again')).statusCode).toBe(200);
    expect((await propose(app, blocked, (await createItem(app, blocker)).id)).statusCode).toBe(201);
  });

  it("withdraws what was pending between them, told as the blocker's cancel or decline without a word about blocking", async () => {
    const blocker = await registerMember(app, { displayName: 'Dana' });
    const blocked = await registerMember(app, { displayName: 'Eli' });
    const bystander = await registerMember(app);
    const dress = await createItem(app, blocker, { title: 'Green dress' });
    const drill = await createItem(app, blocked, { title: 'Cordless drill' });
    const received = await createProposal(app, blocked, dress.id, { pointsOffer: 5 });
    const sent = await createProposal(app, blocker, drill.id, { pointsOffer: 5 });
    const unrelated = await createProposal(app, bystander, dress.id, { pointsOffer: 5 });
    const blockedTab = await openSocket(app, { cookie: blocked.cookie });

    expect((await block(blocker, blocked.user.id)).statusCode).toBe(200);

    const statusOf = async (proposal: Proposal) => (await get<{ proposal: Proposal }>(blocker, `/api/proposals/${proposal.id}`)).proposal.status;
    expect(await statusOf(received)).toBe('declined');
    expect(await statusOf(sent)).toBe('cancelled');
    expect((await get<{ proposal: Proposal }>(bystander, `/api/proposals/${unrelated.id}`)).proposal.status).toBe('pending');
    const { notifications } = await get<{ notifications: Notification[] }>(blocked, '/api/notifications');
    const answers = [TEXT.notifications.proposalDeclined, TEXT.notifications.proposalCancelled] as string[];
    const told = notifications.filter((n) => answers.includes(n.title)).map((n) => [n.title, n.description]);
    expect(told.sort()).toEqual(
      [
        [TEXT.notifications.proposalDeclined, 'Dana declined your proposal for Green dress.'],
        [TEXT.notifications.proposalCancelled, 'Dana cancelled their proposal for Cordless drill.'],
      ].sort(),
    );
    expect(JSON.stringify(notifications).toLowerCase()).not.toContain('block');
    // The proposal Eli received from Dana no longer offers Accept or Decline.
    expect(notifications.find((n) => n.proposalId === sent.id && n.type === 'proposal')?.resolved).toBe(true);
    await expect
      .poll(() => blockedTab.events.filter((event) => event.type === 'proposals.updated').map((event) => event.data))
      .toEqual(
        expect.arrayContaining([
          { proposalId: received.id, status: 'declined' },
          { proposalId: sent.id, status: 'cancelled' },
        ]),
      );
    blockedTab.socket.close();
  });
});

describe("the blocker's marketplace", () => {
  it("leaves out the blocked member's listings in every search, for the blocker only, until unblocked", async () => {
    const tag = randomUUID().slice(0, 8);
    const blocker = await registerMember(app);
    const blocked = await registerMember(app);
    const bystander = await registerMember(app);
    const theirs = await createItem(app, blocked, { title: `Canoe ${tag}` });
    const mine = await createItem(app, blocker, { title: `Paddle ${tag}` });
    const ids = async (member: Member, query = '') => (await get<ItemPage>(member, `/api/items?q=${tag}${query}`)).items.map((item) => item.id);

    await block(blocker, blocked.user.id);

    expect(await ids(blocker)).toEqual([mine.id]);
    expect(await ids(blocker, `&category=${encodeURIComponent(theirs.category)}`)).not.toContain(theirs.id);
    expect((await get<ItemPage>(blocker, '/api/items')).items.map((item) => item.id)).not.toContain(theirs.id);
    expect(await ids(bystander)).toEqual(expect.arrayContaining([theirs.id, mine.id]));
    expect(await ids(blocked)).toEqual(expect.arrayContaining([theirs.id, mine.id]));

    await unblock(blocker, blocked.user.id);

    expect(await ids(blocker)).toEqual(expect.arrayContaining([theirs.id, mine.id]));
  });
});

describe("the pair's lock function (a send's write, docs/decisions/029)", () => {
  it('finds the blocker whatever the search_path, as a restore with an empty one would run it', async () => {
    const blocker = await registerMember(app);
    const blocked = await registerMember(app);
    await block(blocker, blocked.user.id);

    const found = await app.services.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local search_path = ''`);
      return firstRow<{ blockers: string[] }>(
        await tx.execute(sql`select public.blocks_after_pair_lock('blocks:test', ${blocked.user.id}::uuid, ${blocker.user.id}::uuid)::text[] as blockers`),
      ).blockers;
    });

    expect(found).toEqual([blocker.user.id]);
  });
});
