import { TEXT, WS_CLOSE, type ConversationSummary, type Notification, type Proposal, type RatingPage } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { pointEntries, users } from '../../db/schema/index.ts';
import { buildTestApp, RELAXED_RATE_LIMITS, type TestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { png } from '../../test/images.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { answer, completeSwap, createProposal } from '../../test/proposals.ts';
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

const deleteAccount = (member: Member, password = member.password) =>
  send(app, 'POST', '/api/me/delete', { cookie: member.cookie, body: { password } });

const get = <T>(member: Member, url: string) => send(app, 'GET', url, { cookie: member.cookie }).then((response) => response.json<T>());

/** Every file under the uploads directory, relative to it: what the storage still holds. */
function storedFiles(): string[] {
  return fs.readdirSync(test.uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(test.uploadsDir, path.join(entry.parentPath, entry.name)));
}

async function ledgerOf(userId: string) {
  return app.services.database.db
    .select({ amount: pointEntries.amount, balanceAfter: pointEntries.balanceAfter, reason: pointEntries.reason })
    .from(pointEntries)
    .where(eq(pointEntries.userId, userId))
    .orderBy(pointEntries.createdAt);
}

describe('deleting an account with a wrong password', () => {
  it('is refused with the inline text and changes nothing', async () => {
    const leaver = await registerMember(app);
    await createItem(app, leaver);
    const before = await fingerprint(app);

    const response = await deleteAccount(leaver, 'not my password');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: TEXT.account.currentPasswordWrong } });
    expect(await fingerprint(app.services.database.db)).toBe(before);
    expect((await send(app, 'GET', '/api/me', { cookie: leaver.cookie })).statusCode).toBe(200);
  });

  it('counts against the sign-in limit of the address it comes from', async () => {
    const tight = { max: 2, windowMs: 60_000 };
    const limited = await buildTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, loginPerIp: tight } });
    try {
      const member = await registerMember(limited.app);
      const attempt = (password: string) => send(limited.app, 'POST', '/api/me/delete', { cookie: member.cookie, body: { password } });
      expect((await attempt('guess one')).statusCode).toBe(400);
      expect((await attempt('guess two')).statusCode).toBe(400);

      const signIn = await send(limited.app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } });

      expect(signIn.statusCode).toBe(429);
      expect((await attempt(member.password)).statusCode).toBe(429);
      expect((await send(limited.app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(200);
    } finally {
      await limited.app.close();
    }
  });

  it('is limited per account as sign-in is per email', async () => {
    const limited = await buildTestApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, loginPerEmail: { max: 1, windowMs: 60_000 } } });
    try {
      const member = await registerMember(limited.app);
      const attempt = (password: string) => send(limited.app, 'POST', '/api/me/delete', { cookie: member.cookie, body: { password } });
      expect((await attempt('guess one')).statusCode).toBe(400);
      expect((await attempt(member.password)).statusCode).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});

describe('deleting an account', () => {
  it("removes the member's listings and their images, cancels what they sent, declines what they received, and tells each other member live", async () => {
    const leaver = await registerMember(app);
    const bob = await registerMember(app, { displayName: 'Bob' });
    const lamp = await createItem(app, leaver, { title: 'Brass lamp' });
    const kettle = await createItem(app, leaver, { title: 'Kettle' });
    const bike = await createItem(app, bob, { title: 'Bike' });
    const tent = await createItem(app, bob, { title: 'Tent' });
    const forPoints = await createProposal(app, leaver, bike.id, { pointsOffer: 30 });
    const forKettle = await createProposal(app, leaver, tent.id, { offerItemId: kettle.id });
    const received = await createProposal(app, bob, lamp.id, { pointsOffer: 5 });
    const lampFiles = storedFiles().filter((file) => lamp.images.some((image) => image.url.includes(path.basename(file, '.webp'))));
    expect(lampFiles.length).toBeGreaterThan(0);
    const bobTab = await openSocket(app, { cookie: bob.cookie });

    const response = await deleteAccount(leaver);

    expect(response.statusCode).toBe(204);
    for (const item of [lamp, kettle]) expect((await send(app, 'GET', `/api/items/${item.id}`, { cookie: bob.cookie })).statusCode).toBe(404);
    expect(storedFiles().filter((file) => lampFiles.includes(file))).toEqual([]);
    const marketplace = await get<{ items: { id: string }[] }>(bob, '/api/items');
    expect(marketplace.items.map((item) => item.id)).not.toContain(lamp.id);

    expect((await get<{ proposal: Proposal }>(bob, `/api/proposals/${forPoints.id}`)).proposal.status).toBe('cancelled');
    expect((await get<{ proposal: Proposal }>(bob, `/api/proposals/${forKettle.id}`)).proposal.status).toBe('cancelled');
    // A proposal for a removed listing goes with it, as when an owner deletes one; its sender keeps the notice.
    expect((await send(app, 'GET', `/api/proposals/${received.id}`, { cookie: bob.cookie })).statusCode).toBe(404);
    const { notifications } = await get<{ notifications: Notification[] }>(bob, '/api/notifications');
    expect(notifications.slice(0, 3).map((n) => n.description).sort()).toEqual(
      [
        TEXT.notifications.senderLeft({ item: 'Bike' }),
        TEXT.notifications.offeredItemRemoved({ sender: TEXT.account.formerMember, offered: 'Kettle', item: 'Tent' }),
        TEXT.notifications.askedItemRemoved({ owner: TEXT.account.formerMember, item: 'Brass lamp' }),
      ].sort(),
    );
    await expect
      .poll(() => bobTab.events.filter((event) => event.type === 'proposals.updated').map((event) => event.data))
      .toEqual(
        expect.arrayContaining([
          { proposalId: forPoints.id, status: 'cancelled' },
          { proposalId: forKettle.id, status: 'cancelled' },
          { proposalId: received.id, status: 'declined' },
        ]),
      );
    await expect.poll(() => bobTab.events.filter((event) => event.type === 'notifications.created').length).toBe(3);
    await expect
      .poll(() => bobTab.events.filter((event) => event.type === 'items.deleted').map((event) => event.data))
      .toEqual(expect.arrayContaining([{ itemId: lamp.id, ownerId: leaver.user.id }, { itemId: kettle.id, ownerId: leaver.user.id }]));
    bobTab.socket.close();
    // Bob's own listings are his again to swap.
    expect((await createProposal(app, await registerMember(app), bike.id)).status).toBe('pending');
  });

  it('closes the balance through one ledger entry, so the ledger stays whole', async () => {
    const leaver = await registerMember(app);
    const carol = await registerMember(app);
    const carolsBook = await createItem(app, carol, { title: 'Atlas' });
    const swap = await createProposal(app, carol, (await createItem(app, leaver)).id, { pointsOffer: 20 });
    expect((await answer(app, leaver, swap.id, 'accept')).statusCode).toBe(200);
    await createProposal(app, leaver, carolsBook.id, { pointsOffer: 60 });

    expect((await deleteAccount(leaver)).statusCode).toBe(204);

    expect(await ledgerOf(leaver.user.id)).toEqual([
      { amount: 100, balanceAfter: 100, reason: 'signup_bonus' },
      { amount: 20, balanceAfter: 120, reason: 'swap_received' },
      { amount: -120, balanceAfter: 0, reason: 'account_closed' },
    ]);
    const [row] = await app.services.database.db.select({ points: users.points }).from(users).where(eq(users.id, leaver.user.id));
    expect(row?.points).toBe(0);
    expect((await get<{ user: { points: number } }>(carol, '/api/me')).user.points).toBe(80);
    await expectLedgerWhole(app.services.database.db);
  });

  it('keeps conversations, swaps and ratings for the other member, with the leaver shown as Former member', async () => {
    const leaver = await registerMember(app, { displayName: 'Leaving Lee' });
    const photo = multipart({}, [{ field: 'photo', name: 'me.png', bytes: await png(60, 60), type: 'image/png' }]);
    await send(app, 'PUT', '/api/me/photo', { cookie: leaver.cookie, body: photo.body, headers: { 'content-type': photo.contentType } });
    const carol = await registerMember(app);
    const swapped = await createItem(app, leaver, { title: 'Swapped chair' });
    const swap = await createProposal(app, carol, swapped.id);
    await answer(app, leaver, swap.id, 'accept');
    await completeSwap(app, [leaver, carol], swap.id);
    await send(app, 'POST', `/api/proposals/${swap.id}/rating`, { cookie: leaver.cookie, body: { stars: 4, comment: 'Kind and on time' } });
    const opened = await send(app, 'POST', '/api/conversations', { cookie: leaver.cookie, body: { otherUserId: carol.user.id } });
    const conversationId = opened.json<{ conversation: ConversationSummary }>().conversation.id;
    await send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: leaver.cookie, body: { clientId: randomUUID(), text: 'Thanks for the swap' } });
    const filesBefore = storedFiles();

    expect((await deleteAccount(leaver)).statusCode).toBe(204);

    const former = { id: leaver.user.id, displayName: TEXT.account.formerMember, photoUrl: null, former: true };
    expect((await get<{ conversation: ConversationSummary }>(carol, `/api/conversations/${conversationId}`)).conversation.other).toEqual(former);
    expect((await get<{ conversations: ConversationSummary[] }>(carol, '/api/conversations')).conversations[0]?.other).toEqual(former);
    const { messages } = await get<{ messages: { senderId: string; text: string }[] }>(carol, `/api/conversations/${conversationId}/messages`);
    expect(messages).toEqual([expect.objectContaining({ senderId: leaver.user.id, text: 'Thanks for the swap' })]);
    const proposal = (await get<{ proposal: Proposal }>(carol, `/api/proposals/${swap.id}`)).proposal;
    expect({ status: proposal.status, receiver: proposal.receiver }).toEqual({ status: 'accepted', receiver: former });
    // The swapped chair stays: the accepted swap and its ledger entries point at it.
    expect((await get<{ item: { owner: unknown; status: string } }>(carol, `/api/items/${swapped.id}`)).item).toMatchObject({ owner: former, status: 'swapped' });
    const ratings = await get<RatingPage>(carol, `/api/users/${carol.user.id}/ratings`);
    expect(ratings.ratings).toEqual([expect.objectContaining({ stars: 4, comment: 'Kind and on time', rater: former })]);
    expect(JSON.stringify(ratings)).not.toContain('Leaving Lee');

    const profile = await send(app, 'GET', `/api/users/${leaver.user.id}`, { cookie: carol.cookie });
    expect({ status: profile.statusCode, body: profile.json() }).toEqual({ status: 404, body: { error: { code: 'NOT_FOUND', message: TEXT.profile.notFound } } });
    expect((await send(app, 'GET', `/api/users/${leaver.user.id}/ratings`, { cookie: carol.cookie })).statusCode).toBe(404);
    expect((await send(app, 'POST', '/api/conversations', { cookie: carol.cookie, body: { otherUserId: leaver.user.id } })).statusCode).toBe(400);
    const reply = await send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: carol.cookie, body: { clientId: randomUUID(), text: 'Still there?' } });
    expect({ status: reply.statusCode, message: reply.json().error.message }).toEqual({ status: 409, message: TEXT.conversations.otherLeft });
    const avatars = filesBefore.filter((file) => file.includes('avatars'));
    expect(avatars.length).toBeGreaterThan(0);
    expect(storedFiles().filter((file) => avatars.includes(file))).toEqual([]);
    const [row] = await app.services.database.db.select().from(users).where(eq(users.id, leaver.user.id));
    expect(row).toMatchObject({ displayName: '', photoUrl: null, bio: '', location: '', email: `deleted:${leaver.user.id}` });
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it('ends every session and socket, refuses the old sign-in, and frees the email for a new account', async () => {
    const leaver = await registerMember(app);
    const otherDevice = sessionCookieOf(
      await send(app, 'POST', '/api/auth/login', { body: { email: leaver.user.email, password: leaver.password } }),
    );
    const tab = await openSocket(app, { cookie: otherDevice });
    const closed = new Promise<number>((resolve) => tab.socket.once('close', resolve));

    const response = await deleteAccount(leaver);

    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((cookie) => cookie.name.endsWith('swapyard_session'))?.value).toBe('');
    expect(await closed).toBe(WS_CLOSE.sessionEnded);
    expect(tab.events).toContainEqual({ type: 'session.ended', data: {} });
    for (const cookie of [leaver.cookie, otherDevice]) expect((await send(app, 'GET', '/api/me', { cookie })).statusCode).toBe(401);
    const signIn = await send(app, 'POST', '/api/auth/login', { body: { email: leaver.user.email, password: leaver.password } });
    expect({ status: signIn.statusCode, message: signIn.json().error.message }).toEqual({ status: 401, message: TEXT.account.invalidCredentials });
    await send(app, 'POST', '/api/auth/forgot-password', { body: { email: leaver.user.email } });
    await app.services.jobs.runDue();
    expect(test.mails.filter((mail) => mail.to === leaver.user.email)).toEqual([]);

    const again = await registerMember(app, { email: leaver.user.email.toUpperCase(), displayName: 'Back again' });

    expect(again.user.id).not.toBe(leaver.user.id);
    expect(again.user.points).toBe(100);
    expect((await send(app, 'GET', '/api/me', { cookie: again.cookie })).json().user.displayName).toBe('Back again');
  });

  it('refuses a second deletion with the same session', async () => {
    const leaver = await registerMember(app);
    expect((await deleteAccount(leaver)).statusCode).toBe(204);
    expect((await deleteAccount(leaver)).statusCode).toBe(401);
  });
});
