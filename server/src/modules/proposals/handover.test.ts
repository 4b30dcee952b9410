import { HANDOVER_PLACE_MAX_LENGTH, TEXT, type Notification, type Proposal } from '@swapyard/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pointEntries, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { acceptedDaysAgo, answer, completeSwap, createProposal } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';
import { openSocket } from '../../test/sockets.ts';

let app: FastifyInstance;
let owner: Member;
let sender: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  // The site's admin, so the members below are members and nothing more.
  await registerMember(app, { displayName: 'Founder' });
  owner = await registerMember(app, { displayName: 'Ann Owner' });
  sender = await registerMember(app, { displayName: 'Ben Sender' });
});
afterEach(async () => {
  await app.close();
});

const db = () => app.services.database.db;
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { message: string } }).error.message;
const notificationsOf = async (member: Member): Promise<Notification[]> =>
  (await send(app, 'GET', '/api/notifications', { cookie: member.cookie })).json().notifications;
const arrange = (member: Member, proposalId: string, body: unknown) =>
  send(app, 'PUT', `/api/proposals/${proposalId}/handover`, { cookie: member.cookie, body });
const confirm = (member: Member | undefined, proposalId: string) =>
  send(app, 'POST', `/api/proposals/${proposalId}/handover/confirm`, member ? { cookie: member.cookie } : {});
const viewOf = async (member: Member, proposalId: string): Promise<Proposal> =>
  (await send(app, 'GET', `/api/proposals/${proposalId}`, { cookie: member.cookie })).json().proposal;
const rate = (member: Member, proposalId: string, stars = 5) =>
  send(app, 'POST', `/api/proposals/${proposalId}/rating`, { cookie: member.cookie, body: { stars, comment: 'Good swap' } });
const reminders = async (member: Member, proposalId: string) =>
  (await notificationsOf(member)).filter((row) => row.proposalId === proposalId && row.title === TEXT.notifications.handoverReminder);
const DAY_MS = 24 * 60 * 60_000;

const AT = '2026-12-01T17:30:00.000Z';

/** The owner's bike swapped for 20 of the sender's points: an accepted proposal, ready to hand over. */
async function acceptedSwap(title = 'Road bike'): Promise<Proposal> {
  const item = await createItem(app, owner, { title });
  const proposal = await createProposal(app, sender, item.id, { pointsOffer: 20 });
  expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(200);
  return proposal;
}

describe('arranging the hand-over', () => {
  it('lets either side suggest and change a place and a time, shows it to both, and tells the other side', async () => {
    const { id } = await acceptedSwap();

    const suggested = await arrange(sender, id, { place: '  Station café, Hull  ', at: AT });

    expect(suggested.statusCode).toBe(200);
    expect(suggested.json().proposal).toMatchObject({
      status: 'accepted',
      handover: { place: 'Station café, Hull', at: AT, senderConfirmedAt: null, receiverConfirmedAt: null },
      completedAt: null,
    });
    expect((await viewOf(owner, id)).handover).toMatchObject({ place: 'Station café, Hull', at: AT });
    const [toOwner] = await notificationsOf(owner);
    expect(toOwner).toMatchObject({ title: TEXT.notifications.handoverArranged, proposalId: id, resolved: true });
    expect(toOwner?.description).toBe(TEXT.notifications.handoverArrangedBody({ name: 'Ben Sender', item: 'Road bike', place: 'Station café, Hull' }));

    const changed = await arrange(owner, id, { place: 'Library steps', at: '2026-12-02T09:00:00+01:00' });

    expect(changed.json().proposal.handover).toMatchObject({ place: 'Library steps', at: '2026-12-02T08:00:00.000Z' });
    const [toSender] = await notificationsOf(sender);
    expect(toSender).toMatchObject({ title: TEXT.notifications.handoverChanged, proposalId: id });
  });

  it('refuses a bad place or time with its text, and the refusal changes nothing', async () => {
    const { id } = await acceptedSwap();
    await arrange(sender, id, { place: 'Market square', at: AT });
    const cases: [unknown, string][] = [
      [{ place: '', at: AT }, TEXT.proposals.handoverPlaceRequired],
      [{ place: '   ', at: AT }, TEXT.proposals.handoverPlaceRequired],
      [{ at: AT }, TEXT.proposals.handoverPlaceRequired],
      [{ place: 'x'.repeat(HANDOVER_PLACE_MAX_LENGTH + 1), at: AT }, TEXT.proposals.handoverPlaceTooLong({ max: HANDOVER_PLACE_MAX_LENGTH })],
      [{ place: 'Gate\nB', at: AT }, TEXT.proposals.handoverPlaceInvalid],
      [{ place: 'Gate\tB', at: AT }, TEXT.proposals.handoverPlaceInvalid],
      [{ place: 'Gate\u0000B', at: AT }, TEXT.errors.unstorableText],
      [{ place: 'Gate B', at: 'tomorrow at five' }, TEXT.proposals.handoverTimeInvalid],
      [{ place: 'Gate B', at: '2026-12-01' }, TEXT.proposals.handoverTimeInvalid],
      [{ place: 'Gate B', at: '2026-02-30T10:00:00Z' }, TEXT.proposals.handoverTimeInvalid],
      [{ place: 'Gate B', at: '0000-01-01T00:00:00Z' }, TEXT.proposals.handoverTimeInvalid],
      [{ place: 'Gate B' }, TEXT.proposals.handoverTimeInvalid],
      [{ place: 'Gate B', at: 1_700_000_000_000 }, TEXT.proposals.handoverTimeInvalid],
    ];
    for (const [body, message] of cases) {
      const before = await fingerprint(app);

      const response = await arrange(sender, id, body);

      expect({ body, status: response.statusCode, message: errorOf(response) }).toEqual({ body, status: 400, message });
      expect(await fingerprint(db())).toBe(before);
    }
    expect(
      (await arrange(sender, id, { place: 'y'.repeat(HANDOVER_PLACE_MAX_LENGTH), at: AT })).json().proposal.handover.place,
    ).toHaveLength(HANDOVER_PLACE_MAX_LENGTH);
  });

  it('is only for an accepted proposal, only for its two members, and a refusal changes nothing', async () => {
    const item = await createItem(app, owner);
    const pending = await createProposal(app, sender, item.id);
    const declinedItem = await createItem(app, owner);
    const declined = await createProposal(app, sender, declinedItem.id);
    await answer(app, owner, declined.id, 'decline');
    const { id } = await acceptedSwap();
    const stranger = await registerMember(app);
    const moderator = await registerWithRole(app, 'moderator');
    const body = { place: 'Park gate', at: AT };
    const cases: [Member | undefined, string, number, string][] = [
      [sender, pending.id, 409, TEXT.proposals.handoverNotAccepted],
      [owner, declined.id, 409, TEXT.proposals.handoverNotAccepted],
      [stranger, id, 403, TEXT.proposals.unauthorized],
      [moderator, id, 403, TEXT.proposals.unauthorized],
      [undefined, id, 401, TEXT.auth.required],
      [sender, '00000000-0000-4000-8000-000000000000', 404, TEXT.proposals.notFound],
    ];
    for (const [who, proposalId, status, message] of cases) {
      const before = await fingerprint(app);

      const arranged = await send(app, 'PUT', `/api/proposals/${proposalId}/handover`, { ...(who ? { cookie: who.cookie } : {}), body });
      const confirmed = await confirm(who, proposalId);

      expect([arranged.statusCode, errorOf(arranged), confirmed.statusCode, errorOf(confirmed)]).toEqual([status, message, status, message]);
      expect(await fingerprint(db())).toBe(before);
    }
  });

  it('shows nobody else the place: not on the item, nor on either member’s profile', async () => {
    const item = await createItem(app, owner, { title: 'Tent' });
    const proposal = await createProposal(app, sender, item.id);
    await answer(app, owner, proposal.id, 'accept');
    await arrange(sender, proposal.id, { place: 'Secret meeting spot 42', at: AT });
    const stranger = await registerMember(app);

    const answers = await Promise.all([
      send(app, 'GET', `/api/items/${item.id}`, { cookie: stranger.cookie }),
      send(app, 'GET', `/api/users/${owner.user.id}`, { cookie: stranger.cookie }),
      send(app, 'GET', `/api/users/${sender.user.id}`, { cookie: stranger.cookie }),
      send(app, 'GET', `/api/users/${owner.user.id}/items`, { cookie: stranger.cookie }),
      send(app, 'GET', `/api/proposals/${proposal.id}`, { cookie: stranger.cookie }),
      send(app, 'GET', '/api/proposals?box=sent', { cookie: stranger.cookie }),
    ]);

    for (const response of answers) expect(response.body).not.toContain('Secret meeting spot');
  });

  it('is refused while either member blocked the other, and the refusal changes nothing', async () => {
    const { id } = await acceptedSwap();
    await send(app, 'POST', '/api/blocks', { cookie: owner.cookie, body: { userId: sender.user.id } });
    const before = await fingerprint(app);

    const response = await arrange(sender, id, { place: 'Park gate', at: AT });

    expect([response.statusCode, errorOf(response)]).toEqual([403, TEXT.blocks.refused]);
    expect(await fingerprint(db())).toBe(before);
  });
});

describe('confirming the hand-over', () => {
  it('completes the swap only when both sides confirmed, tells each step, and moves no point', async () => {
    const { id } = await acceptedSwap('Kayak');
    const ledger = async () => db().select().from(pointEntries).orderBy(pointEntries.id);
    const balances = async () => (await db().select({ id: users.id, points: users.points }).from(users)).sort((a, b) => a.id.localeCompare(b.id));
    const ledgerAfterAccept = await ledger();
    const balancesAfterAccept = await balances();

    // Nothing arranged first: members who met by chat may confirm all the same.
    const first = await confirm(owner, id);

    expect(first.statusCode).toBe(200);
    const half: Proposal = first.json().proposal;
    expect(half.handover).toEqual({ place: null, at: null, senderConfirmedAt: null, receiverConfirmedAt: expect.any(String) });
    expect(half.completedAt).toBeNull();
    const [toSender] = await notificationsOf(sender);
    expect(toSender).toMatchObject({ title: TEXT.notifications.handoverConfirmed, proposalId: id });
    expect(toSender?.description).toBe(TEXT.notifications.handoverConfirmedBody({ name: 'Ann Owner', item: 'Kayak' }));

    // A second confirm of the same side is answered as the first, and changes nothing.
    const before = await fingerprint(app);
    const again = await confirm(owner, id);
    expect(again.statusCode).toBe(200);
    expect(again.json().proposal).toEqual(half);
    expect(await fingerprint(db())).toBe(before);

    const second = await confirm(sender, id);

    const done: Proposal = second.json().proposal;
    expect(done.status).toBe('accepted');
    expect(done.completedAt).toEqual(done.handover?.senderConfirmedAt);
    expect(done.handover?.receiverConfirmedAt).toBe(half.handover?.receiverConfirmedAt);
    expect((await viewOf(owner, id)).completedAt).toBe(done.completedAt);
    const [ownerNotice] = await notificationsOf(owner);
    const [senderNotice] = await notificationsOf(sender);
    expect(ownerNotice).toMatchObject({ title: TEXT.notifications.swapCompleted, description: TEXT.notifications.swapCompletedBody({ item: 'Kayak', name: 'Ben Sender' }) });
    expect(senderNotice).toMatchObject({ title: TEXT.notifications.swapCompleted, description: TEXT.notifications.swapCompletedBody({ item: 'Kayak', name: 'Ann Owner' }) });
    expect(await ledger()).toEqual(ledgerAfterAccept);
    expect(await balances()).toEqual(balancesAfterAccept);

    // Completed: confirming again is still answered, and the arrangement can no longer change.
    const afterwards = await fingerprint(app);
    expect((await confirm(sender, id)).json().proposal).toEqual(done);
    const late = await arrange(owner, id, { place: 'Too late', at: AT });
    expect([late.statusCode, errorOf(late)]).toEqual([409, TEXT.proposals.handoverCompleted]);
    expect(await fingerprint(db())).toBe(afterwards);
  });

  it('lets a blocked pair still confirm: a confirm records what happened, and completes the swap as usual', async () => {
    const { id } = await acceptedSwap();
    await send(app, 'POST', '/api/blocks', { cookie: owner.cookie, body: { userId: sender.user.id } });

    expect((await confirm(sender, id)).statusCode).toBe(200);
    expect((await confirm(owner, id)).json().proposal.completedAt).toEqual(expect.any(String));
  });

  it('completes exactly once when both sides confirm at the same moment', async () => {
    const { id } = await acceptedSwap();

    const answers = await Promise.all([confirm(owner, id), confirm(sender, id)]);

    expect(answers.map((response) => response.statusCode)).toEqual([200, 200]);
    const completions = await db().execute(sql`select count(*)::int as n from notifications where proposal_id = ${id} and title = ${TEXT.notifications.swapCompleted}`);
    expect((completions as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
    expect((await viewOf(sender, id)).completedAt).toEqual(expect.any(String));
  });

  it("updates both members' open tabs at each step", async () => {
    const { id } = await acceptedSwap();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const ownerTab = await openSocket(app, { cookie: owner.cookie });
    const senderTab = await openSocket(app, { cookie: sender.cookie });
    const updatesIn = (tab: typeof ownerTab) => tab.events.filter((e) => e.type === 'proposals.updated' && e.data.proposalId === id).length;

    await arrange(sender, id, { place: 'Bus stop', at: AT });
    await expect.poll(() => [updatesIn(ownerTab), updatesIn(senderTab)]).toEqual([1, 1]);
    await confirm(sender, id);
    await expect.poll(() => [updatesIn(ownerTab), updatesIn(senderTab)]).toEqual([2, 2]);
    await confirm(owner, id);
    await expect.poll(() => [updatesIn(ownerTab), updatesIn(senderTab)]).toEqual([3, 3]);
    expect(ownerTab.events.filter((e) => e.type === 'notifications.created').length).toBeGreaterThanOrEqual(2);
    ownerTab.socket.close();
    senderTab.socket.close();
  });

  it('leaves a proposal that was not accepted as it was', async () => {
    const item = await createItem(app, owner);
    const pending = await createProposal(app, sender, item.id);

    const response = await confirm(owner, pending.id);

    expect([response.statusCode, errorOf(response)]).toEqual([409, TEXT.proposals.handoverNotAccepted]);
    expect(await viewOf(owner, pending.id)).toMatchObject({ status: 'pending', handover: null, completedAt: null });
  });
});

describe('when a swap may be rated', () => {
  it('refuses a rating before the swap is completed, with its text and changing nothing, and the proposal says when rating opens', async () => {
    const { id } = await acceptedSwap();
    await confirm(owner, id);
    const swap = await viewOf(owner, id);

    const before = await fingerprint(app);
    const early = await rate(owner, swap.id);

    expect([early.statusCode, errorOf(early)]).toEqual([400, TEXT.proposals.rateNotYet]);
    expect(await fingerprint(db())).toBe(before);
    const view = await viewOf(owner, swap.id);
    expect(view).toMatchObject({ ratingOpen: false, viewerRating: null });
    expect(Date.parse(view.ratingOpensAt!) - Date.parse(swap.resolvedAt!)).toBe(14 * DAY_MS);
  });

  it('opens rating to both sides once both confirmed the hand-over, and the completion notice asks each to rate', async () => {
    const swap = await acceptedSwap('Kayak');

    const completed = await completeSwap(app, [owner, sender], swap.id);

    expect(completed).toMatchObject({ ratingOpen: true, ratingOpensAt: completed.completedAt });
    const [toOwner] = await notificationsOf(owner);
    const [toSender] = await notificationsOf(sender);
    expect(toOwner?.description).toBe(TEXT.notifications.swapCompletedBody({ item: 'Kayak', name: 'Ben Sender' }));
    expect(toSender?.description).toBe(TEXT.notifications.swapCompletedBody({ item: 'Kayak', name: 'Ann Owner' }));
    expect((await rate(owner, swap.id, 4)).json<{ proposal: Proposal }>().proposal.viewerRating).toEqual({ stars: 4, comment: 'Good swap' });
    expect((await rate(sender, swap.id)).statusCode).toBe(200);
  });

  it('opens rating 14 days after Accept even when the hand-over was never confirmed', async () => {
    const swap = await acceptedSwap();
    await acceptedDaysAgo(app, swap.id, 13);
    expect(errorOf(await rate(sender, swap.id))).toBe(TEXT.proposals.rateNotYet);

    await acceptedDaysAgo(app, swap.id, 1);

    expect(await viewOf(sender, swap.id)).toMatchObject({ ratingOpen: true, completedAt: null });
    expect((await rate(sender, swap.id)).statusCode).toBe(200);
  });

  it('has nothing to rate on a proposal that was not accepted', async () => {
    const item = await createItem(app, owner);
    const pending = await createProposal(app, sender, item.id);

    expect(await viewOf(sender, pending.id)).toMatchObject({ ratingOpen: false, ratingOpensAt: null });
    expect(errorOf(await rate(sender, pending.id))).toBe(TEXT.proposals.rateOnlyAccepted);
  });
});

describe('the hand-over reminder', () => {
  it('reminds, once, each side that has not confirmed 3 days after Accept, live', async () => {
    const swap = await acceptedSwap('Tent');
    await confirm(sender, swap.id);
    const fresh = await acceptedSwap('Lamp');
    await acceptedDaysAgo(app, swap.id, 3);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const ownerTab = await openSocket(app, { cookie: owner.cookie });

    expect(await app.services.proposals.remindHandovers()).toBe(1);
    expect(await app.services.proposals.remindHandovers()).toBe(0);

    const [reminder, ...more] = await reminders(owner, swap.id);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({ title: TEXT.notifications.handoverReminder, relatedId: sender.user.id, read: false });
    expect(reminder?.description).toBe(TEXT.notifications.handoverReminderBody({ item: 'Tent', name: 'Ben Sender' }));
    await expect
      .poll(() => ownerTab.events.some((event) => event.type === 'notifications.created' && event.data.notificationId === reminder?.id))
      .toBe(true);
    // The sender confirmed; the other swap is not 3 days old.
    expect(await reminders(sender, swap.id)).toEqual([]);
    expect([...(await reminders(owner, fresh.id)), ...(await reminders(sender, fresh.id))]).toEqual([]);
    ownerTab.socket.close();
  });

  it('reminds nobody of a completed swap, or of one accepted before the rating wait ended', async () => {
    const completed = await acceptedSwap('Tent');
    await completeSwap(app, [owner, sender], completed.id);
    await acceptedDaysAgo(app, completed.id, 4);
    const old = await acceptedSwap('Lamp');
    await acceptedDaysAgo(app, old.id, 15);

    expect(await app.services.proposals.remindHandovers()).toBe(0);
  });
});
