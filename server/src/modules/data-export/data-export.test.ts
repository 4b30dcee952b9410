import {
  NOTIFICATION_DEFAULTS,
  type ChatMessage,
  type ConversationSummary,
  type CurrentUser,
  type ItemDetail,
  type Notification,
  type NotificationPreferences,
  type PointEntry,
  type Proposal,
  type ProposalProblems,
  type SwapProblem,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { randomFillSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { LocalStorage } from '../../storage/local-storage.ts';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { buildTestApp, RELAXED_RATE_LIMITS } from '../../test/build-test-app.ts';
import { png } from '../../test/images.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { answer, completeSwap, createProposal } from '../../test/proposals.ts';
import { newBrowser, startPushService, type TestPushService } from '../../test/push-service.ts';
import { registerWithRole } from '../../test/roles.ts';
import type { LogCapture } from '../../test/log-capture.ts';
import { readZip } from '../../test/zip.ts';
import { EXPORTED_JSON_FILES } from '../../test/data-export.ts';
import { allPages } from '../../lib/all-pages.ts';
import type { Session } from '../auth/service.ts';
import { fullKey, newImageKey } from '../uploads/image-keys.ts';

const MB = 1024 * 1024;

let app: FastifyInstance;
let uploadsDir: string;
let log: LogCapture;
let pushService: TestPushService;

beforeAll(async () => {
  pushService = await startPushService();
});
afterAll(async () => {
  await pushService.stop();
});
beforeEach(async () => {
  ({ app, uploadsDir, log } = await buildTestApp({ logLevel: 'warn' }, { pushAgent: pushService.agent }));
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

// Array.fromAsync is not in Node 20, which runs these tests too.
async function everyRow<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const row of rows) all.push(row);
  return all;
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

  it('gives a member with nothing yet valid, empty lists, and the notification switches every member starts with', async () => {
    const member = await registerMember(app);

    const response = await send(app, 'GET', '/api/me/data', { cookie: member.cookie });

    const zip = await readZip(response.rawPayload, () => true);
    expect([...zip.sizes.keys()]).toEqual(['README.txt', ...EXPORTED_JSON_FILES]);
    const lists = EXPORTED_JSON_FILES.filter((name) => name !== 'profile.json' && name !== 'notification-preferences.json');
    for (const name of lists) expect({ name, rows: lines<unknown[]>(zip.texts.get(name)).length }).toEqual({ name, rows: name === 'points-ledger.json' ? 1 : 0 });
    expect(lines<NotificationPreferences>(zip.texts.get('notification-preferences.json'))).toEqual(NOTIFICATION_DEFAULTS);
  });

  it("holds the member's saved listings, notification switches, push devices and reported problems with their photos, and none of another member's", async () => {
    // The first account is the admin, who would still see a listing its saver no longer can.
    await registerMember(app, { displayName: 'Site Founder' });
    const member = await registerMember(app);
    const other = await registerMember(app);
    const blockedOwner = await registerMember(app);
    const moderator = await registerWithRole(app, 'moderator');
    const tag = randomUUID();

    const kept = await createItem(app, other, { title: `Lamp ${tag}` });
    const unseen = await createItem(app, blockedOwner, { title: `Chair ${tag}` });
    const theirFavourite = await createItem(app, blockedOwner, { title: `Stool ${tag}` });
    for (const [saver, item] of [[member, kept], [member, unseen], [other, theirFavourite]] as const) {
      expect((await send(app, 'PUT', `/api/items/${item.id}/favourite`, { cookie: saver.cookie })).statusCode).toBe(204);
    }
    await send(app, 'POST', '/api/blocks', { cookie: member.cookie, body: { userId: blockedOwner.user.id } });

    const chosen: NotificationPreferences = { ...NOTIFICATION_DEFAULTS, messages: { email: false, push: true }, weeklySummary: true };
    expect((await send(app, 'PUT', '/api/me/notification-preferences', { cookie: member.cookie, body: chosen })).statusCode).toBe(200);
    for (const [who, name] of [[member, `Lamps ${tag}`], [other, `Their bikes ${tag}`]] as const) {
      const body = { name, filters: { q: name.split(' ')[0]!.toLowerCase() } };
      expect((await send(app, 'POST', '/api/saved-searches', { cookie: who.cookie, body })).statusCode).toBe(201);
    }

    const phone = newBrowser(pushService);
    const laptop = newBrowser(pushService);
    const othersPhone = newBrowser(pushService);
    const secondSession = sessionCookieOf(
      await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } }),
    );
    for (const [cookie, browser] of [[member.cookie, phone], [secondSession, laptop], [other.cookie, othersPhone]] as const) {
      expect((await send(app, 'POST', '/api/push/subscriptions', { cookie, body: browser.subscription })).statusCode).toBe(201);
    }

    const swapped = await createItem(app, other, { title: `Kettle ${tag}` });
    const proposal = await createProposal(app, member, swapped.id, { pointsOffer: 5 });
    expect((await answer(app, other, proposal.id, 'accept')).statusCode).toBe(200);
    const reportWithPhotos = async (reporter: Member, note: string, photos: number) => {
      const files = await Promise.all(Array.from({ length: photos }, async () => ({ field: 'photos', name: 'p.png', bytes: await png(64, 48), type: 'image/png' })));
      const form = multipart({ reason: 'not_as_described', note }, files);
      const response = await send(app, 'POST', `/api/proposals/${proposal.id}/problems/with-photos`, {
        cookie: reporter.cookie,
        body: form.body,
        headers: { 'content-type': form.contentType },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ problem: SwapProblem }>().problem;
    };
    const mine = await reportWithPhotos(member, `The lid is cracked ${tag}`, 2);
    const dismissed = await send(app, 'POST', `/api/admin/swap-problems/${mine.id}/dismiss`, { cookie: moderator.cookie, body: { reason: 'Works as described' } });
    expect(dismissed.statusCode).toBe(204);
    const aboutMember = await reportWithPhotos(other, `Paid late ${tag}`, 1);

    const download = async (who: Member) => {
      const response = await send(app, 'GET', '/api/me/data', { cookie: who.cookie });
      expect(response.statusCode).toBe(200);
      const zip = await readZip(response.rawPayload, (name) => !name.startsWith('images/'), () => true);
      return { raw: response.rawPayload, ...zip };
    };
    const zip = await download(member);
    const theirs = await download(other);

    const problemPhotos = mine.photos.map((photo) => imagePath(photo.url));
    expect([...zip.sizes.keys()].sort()).toEqual(['README.txt', ...EXPORTED_JSON_FILES, ...problemPhotos].sort());

    const saved = lines<{ itemId: string; title: string | null; savedAt: string }[]>(zip.texts.get('favourites.json'));
    expect(saved).toEqual([
      { itemId: unseen.id, title: null, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
      { itemId: kept.id, title: kept.title, savedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
    ]);
    expect(Date.parse(saved[0]!.savedAt)).toBeGreaterThanOrEqual(Date.parse(saved[1]!.savedAt));
    expect(lines<unknown[]>(theirs.texts.get('favourites.json'))).toEqual([expect.objectContaining({ itemId: theirFavourite.id, title: theirFavourite.title })]);

    expect(lines<NotificationPreferences>(zip.texts.get('notification-preferences.json'))).toEqual(chosen);
    expect(lines<NotificationPreferences>(theirs.texts.get('notification-preferences.json'))).toEqual(NOTIFICATION_DEFAULTS);

    const devices = lines<{ pushService: string; subscribedAt: string }[]>(zip.texts.get('push-devices.json'));
    expect(devices).toEqual([
      { pushService: pushService.origin, subscribedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
      { pushService: pushService.origin, subscribedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
    ]);
    expect(lines<unknown[]>(theirs.texts.get('push-devices.json'))).toHaveLength(1);
    // A device's push address and keys let anyone push to it: in no file of either archive, compressed or not.
    for (const { raw, texts, bytes } of [zip, theirs]) {
      const everything = [raw.toString('latin1'), ...texts.values(), ...[...bytes.values()].map((content) => content.toString('latin1'))];
      for (const browser of [phone, laptop, othersPhone]) {
        for (const secret of [browser.path, browser.subscription.keys.p256dh, browser.subscription.keys.auth]) {
          for (const content of everything) expect(content).not.toContain(secret);
        }
      }
    }

    const shown = (await send(app, 'GET', `/api/proposals/${proposal.id}/problems`, { cookie: member.cookie })).json<ProposalProblems>();
    const reported = lines<unknown[]>(zip.texts.get('swap-problems.json'));
    expect(reported).toEqual(shown.problems.map((problem) => ({ proposalId: proposal.id, ...problem })));
    expect(reported).toEqual([
      expect.objectContaining({ id: mine.id, note: `The lid is cracked ${tag}`, status: 'dismissed', resolution: 'Works as described' }),
    ]);
    for (const photo of mine.photos) {
      const served = await send(app, 'GET', photo.url, { cookie: member.cookie });
      const file = zip.bytes.get(imagePath(photo.url));
      expect(file).toEqual(served.rawPayload);
      expect((await sharp(file).metadata()).format).toBe('webp');
    }
    expect(lines<unknown[]>(zip.texts.get('saved-searches.json'))).toEqual([expect.objectContaining({ name: `Lamps ${tag}`, filters: expect.objectContaining({ q: 'lamps' }) })]);
    expect(lines<unknown[]>(theirs.texts.get('saved-searches.json'))).toEqual([expect.objectContaining({ name: `Their bikes ${tag}` })]);
    // The other side's report about the member is theirs: in their archive, never in the member's.
    expect(lines<unknown[]>(theirs.texts.get('swap-problems.json'))).toEqual([expect.objectContaining({ id: aboutMember.id, proposalId: proposal.id })]);
    expect(theirs.bytes.has(imagePath(aboutMember.photos[0]!.url))).toBe(true);
    for (const name of EXPORTED_JSON_FILES) {
      expect(zip.texts.get(name)).not.toContain(aboutMember.id);
      expect(zip.texts.get(name)).not.toContain(`Paid late ${tag}`);
      expect(zip.texts.get(name)).not.toContain(theirFavourite.id);
      expect(zip.texts.get(name)).not.toContain(`Their bikes ${tag}`);
    }
  });

  it('reads saved listings and reported problems a page at a time, each row once, newest first', async () => {
    await registerMember(app, { displayName: 'Site Founder' });
    const member = await registerMember(app);
    const owner = await registerMember(app);
    const moderator = await registerWithRole(app, 'moderator');
    const session: Session = { id: 'export-paging', userId: member.user.id, user: async () => member.user };
    const listings = [await createItem(app, owner), await createItem(app, owner), await createItem(app, owner)];
    for (const item of listings) await send(app, 'PUT', `/api/items/${item.id}/favourite`, { cookie: member.cookie });
    const proposal = await createProposal(app, member, listings[0]!.id, { pointsOffer: 5 });
    await answer(app, owner, proposal.id, 'accept');
    const problemIds: string[] = [];
    for (const note of ['First', 'Second']) {
      const response = await send(app, 'POST', `/api/proposals/${proposal.id}/problems`, { cookie: member.cookie, body: { reason: 'no_show', note } });
      problemIds.unshift(response.json<{ problem: SwapProblem }>().problem.id);
      if (note === 'First') await send(app, 'POST', `/api/admin/swap-problems/${problemIds[0]!}/dismiss`, { cookie: moderator.cookie, body: { reason: 'Came later' } });
    }
    const { favourites, swapProblems } = app.services;

    const saved = await everyRow(
      allPages((cursor) => favourites.saved(session, cursor, 2).then((page) => ({ rows: page.listings, nextCursor: page.nextCursor }))),
    );
    const reported = await everyRow(
      allPages((cursor) => swapProblems.reportedBy(session, cursor, 1).then((page) => ({ rows: page.problems, nextCursor: page.nextCursor }))),
    );

    expect(saved.map((row) => row.itemId)).toEqual(listings.map((item) => item.id).reverse());
    expect(reported.map((problem) => [problem.id, problem.note])).toEqual([
      [problemIds[0], 'Second'],
      [problemIds[1], 'First'],
    ]);
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
