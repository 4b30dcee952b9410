import type { ChatMessage, ConversationSummary, CurrentUser, ItemDetail, Notification, PointEntry, Proposal } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { randomFillSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { buildTestApp, RELAXED_RATE_LIMITS } from '../../test/build-test-app.ts';
import { png } from '../../test/images.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { answer, completeSwap, createProposal } from '../../test/proposals.ts';
import type { LogCapture } from '../../test/log-capture.ts';
import { readZip } from '../../test/zip.ts';
import { EXPORTED_JSON_FILES } from '../../test/data-export.ts';
import { fullKey, newImageKey } from '../uploads/image-keys.ts';

const MB = 1024 * 1024;

let app: FastifyInstance;
let uploadsDir: string;
let log: LogCapture;

beforeEach(async () => {
  ({ app, uploadsDir, log } = await buildTestApp({ logLevel: 'warn' }));
});
afterEach(async () => {
  await app.close();
});

const imagePath = (url: string) => `images/${url.replace('/api/images/', '')}`;
const lines = <T>(json: string | undefined) => JSON.parse(json ?? 'null') as T;

async function openConversation(from: Member, to: Member): Promise<string> {
  const response = await send(app, 'POST', '/api/conversations', { cookie: from.cookie, body: { otherUserId: to.user.id } });
  return response.json<{ conversation: { id: string } }>().conversation.id;
}

async function sendImage(member: Member, conversationId: string): Promise<ChatMessage> {
  const form = multipart({ clientId: randomUUID() }, [{ field: 'image', name: 'p.png', bytes: await png(60, 40), type: 'image/png' }]);
  const response = await send(app, 'POST', `/api/conversations/${conversationId}/images`, {
    cookie: member.cookie,
    body: form.body,
    headers: { 'content-type': form.contentType },
  });
  return response.json<{ message: ChatMessage }>().message;
}

describe('download my data', () => {
  it('is a dated zip attachment with a README and one JSON file per kind, and the pictures the member uploaded', async () => {
    const member = await registerMember(app, { displayName: 'Mina Mover' });
    const other = await registerMember(app, { displayName: 'Otto Other' });
    const photo = multipart({}, [{ field: 'photo', name: 'me.png', bytes: await png(50, 50), type: 'image/png' }]);
    const avatar = (await send(app, 'PUT', '/api/me/photo', { cookie: member.cookie, body: photo.body, headers: { 'content-type': photo.contentType } }))
      .json<{ user: CurrentUser }>().user.photoUrl!;
    const mine = await createItem(app, member);
    const theirs = await createItem(app, other);
    const sent = await createProposal(app, member, theirs.id, { pointsOffer: 5, message: 'For your lamp?' });
    const received = await createProposal(app, other, mine.id, { message: 'Swap me your shelf?' });
    expect((await answer(app, other, sent.id, 'accept')).statusCode).toBe(200);
    await completeSwap(app, [member, other], sent.id);
    await send(app, 'POST', `/api/proposals/${sent.id}/rating`, { cookie: member.cookie, body: { stars: 5, comment: 'Lovely lamp' } });
    await send(app, 'POST', `/api/proposals/${sent.id}/rating`, { cookie: other.cookie, body: { stars: 4, comment: 'Quick payer' } });
    const conversationId = await openConversation(member, other);
    await send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: member.cookie, body: { clientId: randomUUID(), text: 'Hello Otto' } });
    await send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: other.cookie, body: { clientId: randomUUID(), text: 'Hi Mina' } });
    const myPicture = await sendImage(member, conversationId);
    const theirPicture = await sendImage(other, conversationId);
    const stranger = await registerMember(app, { displayName: 'Sam Stranger' });
    await createItem(app, stranger);

    const response = await send(app, 'GET', '/api/me/data', { cookie: member.cookie });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="swapyard-data-${new Date().toISOString().slice(0, 10)}.zip"`);
    const zip = await readZip(response.rawPayload, (name) => !name.startsWith('images/'));
    const pictures = [avatar, ...mine.images.map((image) => image.url), myPicture.imageUrl!].map(imagePath);
    expect([...zip.sizes.keys()].sort()).toEqual(['README.txt', ...EXPORTED_JSON_FILES, ...pictures].sort());
    for (const picture of pictures) expect(zip.sizes.get(picture)).toBeGreaterThan(0);
    for (const name of EXPORTED_JSON_FILES) expect(zip.texts.get('README.txt')).toContain(name);

    expect(lines<CurrentUser>(zip.texts.get('profile.json'))).toMatchObject({ id: member.user.id, email: member.user.email, displayName: 'Mina Mover' });
    expect(lines<ItemDetail[]>(zip.texts.get('listings.json'))).toEqual([
      expect.objectContaining({
        id: mine.id,
        title: mine.title,
        images: mine.images,
        owner: { id: member.user.id, displayName: 'Mina Mover', photoUrl: avatar, former: false },
      }),
    ]);
    expect(lines<Proposal[]>(zip.texts.get('proposals-sent.json'))).toEqual([
      expect.objectContaining({ id: sent.id, status: 'accepted', message: 'For your lamp?' }),
    ]);
    expect(lines<Proposal[]>(zip.texts.get('proposals-received.json'))).toEqual([
      expect.objectContaining({ id: received.id, message: 'Swap me your shelf?' }),
    ]);
    const [conversation, ...more] = lines<(ConversationSummary & { messages: ChatMessage[] })[]>(zip.texts.get('conversations.json'));
    expect(more).toEqual([]);
    expect(conversation).toMatchObject({ id: conversationId, other: { id: other.user.id } });
    expect(conversation!.messages.map((message) => message.text || message.imageUrl)).toEqual([
      theirPicture.imageUrl,
      myPicture.imageUrl,
      'Hi Mina',
      'Hello Otto',
    ]);
    expect(lines<Notification[]>(zip.texts.get('notifications.json')).map((notice) => notice.title)).not.toHaveLength(0);
    expect(lines<PointEntry[]>(zip.texts.get('points-ledger.json')).map((entry) => [entry.amount, entry.balanceAfter])).toEqual([
      [-5, 95],
      [100, 100],
    ]);
    expect(lines<unknown[]>(zip.texts.get('ratings-given.json'))).toEqual([
      expect.objectContaining({ proposalId: sent.id, stars: 5, comment: 'Lovely lamp', ratee: expect.objectContaining({ id: other.user.id }) }),
    ]);
    expect(lines<unknown[]>(zip.texts.get('ratings-received.json'))).toEqual([
      expect.objectContaining({ proposalId: sent.id, stars: 4, comment: 'Quick payer', rater: expect.objectContaining({ id: other.user.id }) }),
    ]);
    // Nothing of a member with no part in any of it.
    expect(response.rawPayload.toString('latin1')).not.toContain(stranger.user.id);
  });

  it('gives a member with nothing yet valid, empty lists', async () => {
    const member = await registerMember(app);

    const response = await send(app, 'GET', '/api/me/data', { cookie: member.cookie });

    const zip = await readZip(response.rawPayload, () => true);
    expect([...zip.sizes.keys()]).toEqual(['README.txt', ...EXPORTED_JSON_FILES]);
    for (const name of EXPORTED_JSON_FILES.slice(1)) expect({ name, rows: lines<unknown[]>(zip.texts.get(name)).length }).toEqual({ name, rows: name === 'points-ledger.json' ? 1 : 0 });
  });

  it('allows a member five downloads an hour, then answers 429 with Retry-After', async () => {
    await app.close();
    ({ app, uploadsDir, log } = await buildTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, dataExportsPerMember: DEFAULT_RATE_LIMITS.dataExportsPerMember } }));
    const member = await registerMember(app);
    const other = await registerMember(app);

    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send(app, 'GET', '/api/me/data', { cookie: member.cookie })).statusCode);
    const refused = await send(app, 'GET', '/api/me/data', { cookie: member.cookie });

    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send(app, 'GET', '/api/me/data', { cookie: other.cookie })).statusCode).toBe(200);
  });

  it('streams the archive of a member with 2,000 messages and 50 pictures with less than 50 MB of memory growth', async () => {
    const member = await registerMember(app);
    const other = await registerMember(app);
    const conversationId = await openConversation(member, other);
    // Sent as a member would, so the conversation is listed; the rest go straight into the table.
    await send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: other.cookie, body: { clientId: randomUUID(), text: 'Newest' } });
    const storage = new LocalStorage(uploadsDir);
    const start = Date.now() - 3_000_000;
    const texts = Array.from({ length: 2_000 }, (_, i) => ({
      conversationId,
      senderId: i % 2 === 0 ? member.user.id : other.user.id,
      clientId: randomUUID(),
      text: `Message ${i}: ${'words '.repeat(20)}`,
      createdAt: new Date(start + i * 1000),
    }));
    for (let i = 0; i < texts.length; i += 500) await app.services.database.db.insert(messages).values(texts.slice(i, i + 500));
    // 50 pictures of 1.5 MB of random bytes (they do not compress): 75 MB that must never be in memory at once.
    // One buffer, refilled, so setting up allocates little the download could then reuse unseen.
    const bytes = Buffer.alloc(1.5 * MB);
    const pictureKeys: string[] = [];
    for (let i = 0; i < 50; i++) {
      const key = newImageKey('chat', member.user.id, start + i);
      await storage.put(fullKey(key), randomFillSync(bytes));
      pictureKeys.push(fullKey(key));
      await app.services.database.db.insert(messages).values({
        conversationId,
        senderId: member.user.id,
        clientId: randomUUID(),
        imageKey: key,
        createdAt: new Date(start + 2_000_000 + i * 1000),
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-export-')), 'data.zip');

    // The resident set is what the process takes from the machine: sampled through the download, its
    // peak must stay within 50 MB of where it started. (Building the archive in memory grows it by
    // about 150 MB here.) The heap alone would also count garbage not yet collected.
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const response = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/me/data`, {
      headers: { cookie: member.cookie },
    });
    await pipeline(Readable.fromWeb(response.body as ReadableStream), fs.createWriteStream(file));
    clearInterval(sampler);

    expect(log.failures()).toEqual([]);
    expect(response.status).toBe(200);
    expect(fs.statSync(file).size).toBeGreaterThan(75 * MB);
    expect((peak - before) / MB).toBeLessThan(50);

    const zip = await readZip(file, (name) => name === 'conversations.json');
    for (const key of pictureKeys) expect(zip.sizes.get(`images/${key}`)).toBe(1.5 * MB);
    const [conversation] = lines<{ messages: ChatMessage[] }[]>(zip.texts.get('conversations.json'));
    expect(conversation!.messages).toHaveLength(2_051);
    expect(conversation!.messages.at(-1)?.text).toBe(texts[0]!.text);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
