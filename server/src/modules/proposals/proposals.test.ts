import { NOTICE_PREVIEW_CHARS, PROPOSAL_MESSAGE_MAX_LENGTH, TEXT, type ItemPage, type Notification, type Proposal } from '@swapyard/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { items, pointEntries } from '../../db/schema/index.ts';
import { firstCharacters } from '../../lib/first-characters.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { profileOf, registerMember, send, type Member } from '../../test/members.ts';
import { answer, completeSwap, createProposal, errorOf, notificationsOf, pointsOf, propose } from '../../test/proposals.ts';
import { openSocket } from '../../test/sockets.ts';

let app: FastifyInstance;
let owner: Member;
let sender: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  owner = await registerMember(app, { displayName: 'Ann Owner' });
  sender = await registerMember(app, { displayName: 'Ben Sender' });
});
afterEach(async () => {
  await app.close();
});

const db = () => app.services.database.db;

describe('sending a proposal', () => {
  it('creates it pending and tells the receiver at once', async () => {
    const item = await createItem(app, owner, { title: 'Camping stove' });

    const response = await propose(app, sender, item.id, { pointsOffer: 30, message: 'Keen camper here' });

    expect(response.statusCode).toBe(201);
    const proposal: Proposal = response.json().proposal;
    expect(proposal).toMatchObject({
      status: 'pending',
      pointsOffer: 30,
      message: 'Keen camper here',
      viewerRole: 'sender',
      sender: { id: sender.user.id, displayName: 'Ben Sender' },
      receiver: { id: owner.user.id },
      item: { id: item.id, title: 'Camping stove' },
      offerItem: null,
    });
    const [notification] = await notificationsOf(app, owner);
    expect(notification).toMatchObject({
      type: 'proposal',
      title: TEXT.notifications.newProposal,
      proposalId: proposal.id,
      itemId: item.id,
      read: false,
      resolved: false,
    });
    expect(notification?.description).toContain('Ben Sender offers 30 points for Camping stove');
  });

  it('refuses each bad proposal with its text and stores nothing', async () => {
    const item = await createItem(app, owner);
    const ownersOther = await createItem(app, owner, { title: 'Other' });
    const stranger = await registerMember(app);
    const strangersItem = await createItem(app, stranger);

    const cases: [Parameters<typeof propose>[3] & { itemId?: string }, Member, number, string][] = [
      [{ message: '   ' }, sender, 400, TEXT.proposals.messageRequired],
      [{ itemId: 'not-a-uuid' }, sender, 400, TEXT.proposals.noItem],
      [{ itemId: '00000000-0000-4000-8000-000000000000' }, sender, 400, TEXT.proposals.invalidItem],
      [{ pointsOffer: -1 }, sender, 400, TEXT.proposals.pointsInvalid],
      [{ pointsOffer: 1.5 }, sender, 400, TEXT.proposals.pointsInvalid],
      [{ pointsOffer: 101 }, sender, 400, TEXT.proposals.notEnoughPoints],
      [{ offerItemId: strangersItem.id }, sender, 400, TEXT.proposals.invalidOfferItem],
      [{ offerItemId: ownersOther.id }, sender, 400, TEXT.proposals.invalidOfferItem],
      [{}, owner, 400, TEXT.proposals.ownItem],
    ];
    for (const [overrides, who, status, message] of cases) {
      const { itemId = item.id, ...rest } = overrides;
      const response = await propose(app, who, itemId, rest);
      expect({ status: response.statusCode, message: errorOf(response) }).toEqual({ status, message });
    }
    const unauthenticated = await send(app, 'POST', '/api/proposals', { body: { itemId: item.id, message: 'hi' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(errorOf(unauthenticated)).toBe(TEXT.proposals.loginRequired);
    expect((await send(app, 'GET', '/api/proposals?box=received', { cookie: owner.cookie })).json().proposals).toEqual([]);
  });

  it('refuses a second pending proposal for the same item, and one for an item no longer available', async () => {
    const item = await createItem(app, owner);
    await createProposal(app, sender, item.id);

    const again = await propose(app, sender, item.id);
    await db().update(items).set({ status: 'swapped' }).where(eq(items.id, item.id));
    const late = await propose(app, await registerMember(app), item.id);

    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(TEXT.proposals.duplicate);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late)).toBe(TEXT.proposals.itemUnavailable);
  });

  it("finds the sender's own pending proposal for an item, so the form can say so before it is filled", async () => {
    const [wanted, other] = [await createItem(app, owner), await createItem(app, owner)];
    const cancelled = await createProposal(app, sender, wanted.id);
    await send(app, 'POST', `/api/proposals/${cancelled.id}/cancel`, { cookie: sender.cookie });
    const pending = await createProposal(app, sender, wanted.id);
    await createProposal(app, sender, other.id);
    const find = (member: Member, query: string) =>
      send(app, 'GET', `/api/proposals?box=sent&status=pending&${query}`, { cookie: member.cookie });

    const found = await find(sender, `itemId=${wanted.id}`);
    const byOwner = await find(owner, `itemId=${wanted.id}`);
    const badItem = await find(sender, 'itemId=not-an-id');

    expect(found.json<{ proposals: Proposal[] }>().proposals.map((proposal) => proposal.id)).toEqual([pending.id]);
    expect(byOwner.json<{ proposals: Proposal[] }>().proposals).toEqual([]);
    expect(badItem.statusCode).toBe(400);
    expect(errorOf(badItem)).toBe(TEXT.proposals.noItem);
  });
});

describe('accepting', () => {
  it('moves exactly the offered points, swaps both items and takes them off the marketplace', async () => {
    const item = await createItem(app, owner, { title: 'Tent' });
    const offered = await createItem(app, sender, { title: 'Sleeping bag' });
    const proposal = await createProposal(app, sender, item.id, { pointsOffer: 30, offerItemId: offered.id });

    const response = await answer(app, owner, proposal.id, 'accept');

    expect(response.statusCode).toBe(200);
    expect(response.json().proposal).toMatchObject({ status: 'accepted', resolvedAt: expect.any(String), viewerRole: 'receiver' });
    expect(await pointsOf(app, owner)).toBe(130);
    expect(await pointsOf(app, sender)).toBe(70);
    const ledger = await db().select().from(pointEntries).where(eq(pointEntries.proposalId, proposal.id));
    expect(ledger.map((e) => [e.userId, e.amount, e.reason, e.balanceAfter]).sort()).toEqual(
      [
        [owner.user.id, 30, 'swap_received', 130],
        [sender.user.id, -30, 'swap_paid', 70],
      ].sort(),
    );
    const statuses = await db().select({ id: items.id, status: items.status }).from(items);
    expect(statuses.every((row) => row.status === 'swapped')).toBe(true);
    const market: ItemPage = (await send(app, 'GET', '/api/items', { cookie: sender.cookie })).json();
    expect(market.items).toEqual([]);

    const [ownersNotification] = await notificationsOf(app, owner);
    expect(ownersNotification).toMatchObject({ proposalId: proposal.id, resolved: true, read: true });
    const [sendersNotification] = await notificationsOf(app, sender);
    expect(sendersNotification).toMatchObject({ title: TEXT.notifications.proposalAccepted, proposalId: proposal.id, resolved: true, read: false });
  });

  it('declines the other pending proposals on either item and tells their senders', async () => {
    const item = await createItem(app, owner);
    const rival = await registerMember(app, { displayName: 'Rival' });
    const winning = await createProposal(app, sender, item.id);
    const losing = await createProposal(app, rival, item.id, { pointsOffer: 50 });

    await answer(app, owner, winning.id, 'accept');

    const lost = (await send(app, 'GET', `/api/proposals/${losing.id}`, { cookie: rival.cookie })).json().proposal;
    expect(lost.status).toBe('declined');
    expect((await notificationsOf(app, rival))[0]).toMatchObject({ title: TEXT.notifications.proposalDeclined, proposalId: losing.id });
    expect(await pointsOf(app, rival)).toBe(100);
    const accepted = await answer(app, owner, losing.id, 'accept');
    expect(accepted.statusCode).toBe(409);
    expect(errorOf(accepted)).toBe(TEXT.proposals.notPending);
  });

  it('lets only the receiver answer, and only once', async () => {
    const item = await createItem(app, owner);
    const proposal = await createProposal(app, sender, item.id);

    const bySender = await answer(app, sender, proposal.id, 'accept');
    const declineBySender = await answer(app, sender, proposal.id, 'decline');
    expect(bySender.statusCode).toBe(403);
    expect(errorOf(bySender)).toBe(TEXT.proposals.onlyReceiver);
    expect(errorOf(declineBySender)).toBe(TEXT.proposals.onlyReceiver);

    expect((await answer(app, owner, proposal.id, 'decline')).json().proposal.status).toBe('declined');
    for (const action of ['accept', 'decline'] as const) {
      const again = await answer(app, owner, proposal.id, action);
      expect(again.statusCode).toBe(409);
      expect(errorOf(again)).toBe(TEXT.proposals.notPending);
    }
    expect((await db().select().from(items).where(eq(items.id, item.id)))[0]?.status).toBe('available');
  });

  it('fails clearly and changes nothing when the sender no longer has the points', async () => {
    const item = await createItem(app, owner);
    const proposal = await createProposal(app, sender, item.id, { pointsOffer: 80 });
    await db().execute(sql`update users set points = 50 where id = ${sender.user.id}`);

    const response = await answer(app, owner, proposal.id, 'accept');

    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toBe(TEXT.proposals.senderShort);
    expect(await pointsOf(app, owner)).toBe(100);
    expect(await pointsOf(app, sender)).toBe(50);
    expect((await db().select().from(items).where(eq(items.id, item.id)))[0]?.status).toBe('available');
    expect((await send(app, 'GET', `/api/proposals/${proposal.id}`, { cookie: owner.cookie })).json().proposal.status).toBe('pending');
  });

  it('answers a retried accept with the same Idempotency-Key as the first time', async () => {
    const item = await createItem(app, owner);
    const proposal = await createProposal(app, sender, item.id, { pointsOffer: 10 });
    const key = { 'idempotency-key': 'accept-once-0001' };

    const first = await answer(app, owner, proposal.id, 'accept', key);
    const retry = await answer(app, owner, proposal.id, 'accept', key);
    const withoutKey = await answer(app, owner, proposal.id, 'accept');

    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(withoutKey.statusCode).toBe(409);
    expect(await pointsOf(app, sender)).toBe(90);
  });
});

describe('cancelling, viewing and rating', () => {
  it('lets the sender cancel a pending proposal, and resolves the receiver\'s notification', async () => {
    const item = await createItem(app, owner);
    const proposal = await createProposal(app, sender, item.id);

    const byOwner = await answer(app, owner, proposal.id, 'cancel');
    const bySender = await answer(app, sender, proposal.id, 'cancel');

    expect(byOwner.statusCode).toBe(403);
    expect(errorOf(byOwner)).toBe(TEXT.proposals.onlySender);
    expect(bySender.json().proposal.status).toBe('cancelled');
    const [cancelled, original] = await notificationsOf(app, owner);
    expect(cancelled).toMatchObject({ title: TEXT.notifications.proposalCancelled, resolved: true });
    expect(original).toMatchObject({ title: TEXT.notifications.newProposal, resolved: true });
  });

  it('shows a proposal only to its two members', async () => {
    const item = await createItem(app, owner);
    const proposal = await createProposal(app, sender, item.id);
    const stranger = await registerMember(app);

    const forbidden = await send(app, 'GET', `/api/proposals/${proposal.id}`, { cookie: stranger.cookie });
    const missing = await send(app, 'GET', '/api/proposals/00000000-0000-4000-8000-000000000000', { cookie: owner.cookie });
    const strangerAccept = await answer(app, stranger, proposal.id, 'accept');

    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden)).toBe(TEXT.proposals.unauthorized);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(TEXT.proposals.notFound);
    expect(strangerAccept.statusCode).toBe(403);
    const received = (await send(app, 'GET', '/api/proposals?box=received', { cookie: owner.cookie })).json().proposals;
    const sent = (await send(app, 'GET', '/api/proposals?box=sent', { cookie: sender.cookie })).json().proposals;
    expect(received.map((p: Proposal) => p.id)).toEqual([proposal.id]);
    expect(sent.map((p: Proposal) => p.id)).toEqual([proposal.id]);
    expect((await send(app, 'GET', '/api/proposals?box=sent', { cookie: stranger.cookie })).json().proposals).toEqual([]);
  });

  it('lets each side rate the other once after a completed swap, and the profile shows it', async () => {
    const item = await createItem(app, owner);
    const proposal = await createProposal(app, sender, item.id);
    const rate = (member: Member, stars: number) =>
      send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: member.cookie, body: { stars, comment: 'Smooth swap' } });

    const early = await rate(sender, 5);
    await answer(app, owner, proposal.id, 'accept');
    await completeSwap(app, [owner, sender], proposal.id);
    const bySender = await rate(sender, 4);
    const twice = await rate(sender, 1);
    const byOwner = await rate(owner, 5);
    const badStars = await rate(owner, 6);

    expect(errorOf(early)).toBe(TEXT.proposals.rateOnlyAccepted);
    expect(bySender.json().proposal.viewerRating).toEqual({ stars: 4, comment: 'Smooth swap' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toBe(TEXT.proposals.alreadyRated);
    expect(byOwner.statusCode).toBe(200);
    expect(errorOf(badStars)).toBe(TEXT.proposals.starsInvalid);
    const ownerProfile = (await send(app, 'GET', `/api/users/${owner.user.id}`, { cookie: sender.cookie })).json().profile;
    const senderProfile = (await send(app, 'GET', `/api/users/${sender.user.id}`, { cookie: owner.cookie })).json().profile;
    expect(ownerProfile).toMatchObject({ averageRating: 4, ratingCount: 1 });
    expect(senderProfile).toMatchObject({ averageRating: 5, ratingCount: 1 });
  });

  it("lists the ratings a member received, newest first with the rater and comment, a page at a time", async () => {
    const raters = [sender, await registerMember(app, { displayName: 'Cara Rater' }), await registerMember(app, { displayName: 'Dev Rater' })];
    for (const [index, rater] of raters.entries()) {
      const item = await createItem(app, owner, { title: `Rated item ${String(index)}` });
      const proposal = await createProposal(app, rater, item.id);
      await answer(app, owner, proposal.id, 'accept');
      await completeSwap(app, [owner, rater], proposal.id);
      const body = { stars: index + 3, comment: index === 0 ? '' : `Comment ${String(index)}` };
      await send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: rater.cookie, body });
    }
    const stranger = await registerMember(app);
    const pageOf = (query: string) => send(app, 'GET', `/api/users/${owner.user.id}/ratings?${query}`, { cookie: stranger.cookie });

    const first = await pageOf('limit=2');
    const second = await pageOf(`limit=2&cursor=${first.json().nextCursor}`);
    const ofNobody = await send(app, 'GET', `/api/users/${crypto.randomUUID()}/ratings`, { cookie: stranger.cookie });
    const signedOut = await send(app, 'GET', `/api/users/${owner.user.id}/ratings`);

    expect(first.json().ratings).toEqual([
      expect.objectContaining({ stars: 5, comment: 'Comment 2', rater: expect.objectContaining({ displayName: 'Dev Rater' }) }),
      expect.objectContaining({ stars: 4, comment: 'Comment 1', rater: expect.objectContaining({ displayName: 'Cara Rater' }) }),
    ]);
    expect(second.json()).toEqual({
      ratings: [expect.objectContaining({ stars: 3, comment: '', rater: expect.objectContaining({ displayName: 'Ben Sender' }) })],
      nextCursor: null,
    });
    expect(ofNobody.statusCode).toBe(404);
    expect(errorOf(ofNobody)).toBe(TEXT.profile.notFound);
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('notifications and history', () => {
  it("tells the owner's open tabs of a proposal with a notice they can show, its text cut to fit a NOTIFY", async () => {
    const item = await createItem(app, owner, { title: 'Kayak' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const ownerTab = await openSocket(app, { cookie: owner.cookie });
    const message = '🛶'.repeat(PROPOSAL_MESSAGE_MAX_LENGTH / 2);

    const proposal = await createProposal(app, sender, item.id, { pointsOffer: 5, message });

    await expect.poll(() => ownerTab.events.find((e) => e.type === 'notifications.created')).toBeDefined();
    const notice = ownerTab.events.find((e) => e.type === 'notifications.created')?.data as { description: string };
    expect(notice).toMatchObject({ type: 'proposal', title: TEXT.notifications.newProposal, proposalId: proposal.id });
    expect(notice.description).toBe(firstCharacters(`Ben Sender offers 5 points for Kayak: ${message}`, NOTICE_PREVIEW_CHARS));
    expect(Array.from(notice.description)).toHaveLength(NOTICE_PREVIEW_CHARS);
    ownerTab.socket.close();
  });

  it("marks one or all of a member's notifications read, and never another member's", async () => {
    const first = await createItem(app, owner);
    const second = await createItem(app, owner);
    await createProposal(app, sender, first.id);
    await createProposal(app, sender, second.id);
    const [newest] = await notificationsOf(app, owner);

    const foreign = await send(app, 'POST', `/api/notifications/${newest!.id}/read`, { cookie: sender.cookie });
    const own = await send(app, 'POST', `/api/notifications/${newest!.id}/read`, { cookie: owner.cookie });

    expect(foreign.statusCode).toBe(404);
    expect(own.statusCode).toBe(204);
    expect((await send(app, 'GET', '/api/notifications', { cookie: owner.cookie })).json().unreadCount).toBe(1);
    await send(app, 'POST', '/api/notifications/read-all', { cookie: owner.cookie });
    const page = (await send(app, 'GET', '/api/notifications', { cookie: owner.cookie })).json();
    expect(page.unreadCount).toBe(0);
    expect(page.notifications.every((n: Notification) => n.read)).toBe(true);
  });

  it("lists a member's own ledger entries newest first with the running balance", async () => {
    const item = await createItem(app, owner, { title: 'Kayak' });
    const proposal = await createProposal(app, sender, item.id, { pointsOffer: 25 });
    await answer(app, owner, proposal.id, 'accept');

    const history = (await send(app, 'GET', '/api/points/entries', { cookie: sender.cookie })).json();

    expect(history.entries.map((e: { amount: number; balanceAfter: number; reason: string; itemTitle: string | null }) => [e.reason, e.amount, e.balanceAfter, e.itemTitle])).toEqual([
      ['swap_paid', -25, 75, 'Kayak'],
      ['signup_bonus', 100, 100, null],
    ]);
  });
});

describe('completed swaps on profiles', () => {
  it('counts completed swaps on either side, and no swap still waiting for its hand-over, nothing declined, cancelled or pending', async () => {
    const cara = await registerMember(app, { displayName: 'Cara' });
    const [tent, stove, lamp, mug] = await Promise.all(['Tent', 'Stove', 'Lamp', 'Mug'].map((title) => createItem(app, owner, { title })));
    const carasBike = await createItem(app, cara, { title: 'Bike' });
    const received = await createProposal(app, sender, tent!.id, { pointsOffer: 10 });
    const sent = await createProposal(app, owner, carasBike.id, { pointsOffer: 10 });
    const declined = await createProposal(app, sender, stove!.id, { pointsOffer: 10 });
    const cancelled = await createProposal(app, sender, lamp!.id, { pointsOffer: 10 });
    await createProposal(app, sender, mug!.id, { pointsOffer: 10 });

    expect((await answer(app, owner, received.id, 'accept')).statusCode).toBe(200);
    expect((await answer(app, cara, sent.id, 'accept')).statusCode).toBe(200);
    expect((await answer(app, owner, declined.id, 'decline')).statusCode).toBe(200);
    expect((await answer(app, sender, cancelled.id, 'cancel')).statusCode).toBe(200);
    // Accepted, and one side confirmed: the swap is not completed until both have.
    const halfway = await createItem(app, owner, { title: 'Halfway' });
    const waiting = await createProposal(app, cara, halfway.id);
    expect((await answer(app, owner, waiting.id, 'accept')).statusCode).toBe(200);
    expect((await send(app, 'POST', `/api/proposals/${waiting.id}/handover/confirm`, { cookie: owner.cookie })).statusCode).toBe(200);
    expect((await profileOf(app, cara, owner)).trust.completedSwaps).toBe(0);

    await completeSwap(app, [owner, sender], received.id);
    await completeSwap(app, [cara, owner], sent.id);

    expect((await profileOf(app, cara, owner)).trust.completedSwaps).toBe(2);
    expect((await profileOf(app, owner, sender)).trust.completedSwaps).toBe(1);
    expect((await profileOf(app, owner, cara)).trust.completedSwaps).toBe(1);
  });
});
