import { TEXT, type Proposal, type ProposalPage } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { items, pointEntries, proposals } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, counter, createProposal, errorOf, notificationsOf, pointsOf } from '../../test/proposals.ts';

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
const view = async (member: Member, id: string): Promise<Proposal> =>
  (await send(app, 'GET', `/api/proposals/${id}`, { cookie: member.cookie })).json().proposal;
const counterOf = (response: { json: () => unknown }) => (response.json() as { proposal: Proposal }).proposal;
/** Every proposal row and ledger entry: a refused counter leaves both as they were. */
const snapshot = async () => ({
  proposals: await db().select().from(proposals).orderBy(proposals.id),
  entries: await db().select().from(pointEntries).orderBy(pointEntries.id),
});

async function offerFor(title = 'Camping stove', pointsOffer = 10) {
  const item = await createItem(app, owner, { title });
  const proposal = await createProposal(app, sender, item.id, { pointsOffer, message: 'Ten points?' });
  return { item, proposal };
}

describe('a counter-offer', () => {
  it('replaces the answered offer with new terms from the receiver, and the sender is asked to answer it', async () => {
    const { item, proposal } = await offerFor();
    const wanted = await createItem(app, sender, { title: 'Head torch' });

    const response = await counter(app, owner, proposal.id, { pointsOffer: 25, offerItemId: wanted.id, message: 'And the torch?' });

    expect(response.statusCode).toBe(200);
    const made = counterOf(response);
    expect(made).toMatchObject({
      status: 'pending',
      pointsOffer: 25,
      offerItem: { id: wanted.id },
      message: 'And the torch?',
      offeredBy: 'receiver',
      viewerRole: 'receiver',
      counteredFromId: proposal.id,
      sender: { id: sender.user.id },
      receiver: { id: owner.user.id },
      item: { id: item.id },
    });
    expect(made.thread?.map((offer) => [offer.id, offer.offeredBy, offer.status, offer.pointsOffer])).toEqual([
      [made.id, 'receiver', 'pending', 25],
      [proposal.id, 'sender', 'countered', 10],
    ]);
    expect(await view(sender, proposal.id)).toMatchObject({ status: 'countered', counteredById: made.id });
    const [notice] = await notificationsOf(app, sender);
    expect(notice).toMatchObject({ title: TEXT.notifications.counterOffer, proposalId: made.id, resolved: false });
    expect(notice?.description).toBe(TEXT.notifications.counterSent({ member: 'Ann Owner', item: 'Camping stove', message: 'And the torch?' }));
    const ownersNotice = (await notificationsOf(app, owner)).find((row) => row.proposalId === proposal.id);
    expect(ownersNotice).toMatchObject({ resolved: true, read: true });
    // Nothing moves before Accept.
    expect([await pointsOf(app, owner), await pointsOf(app, sender)]).toEqual([100, 100]);
    // The lists show the negotiation once, at its latest offer.
    const sent: ProposalPage = (await send(app, 'GET', '/api/proposals?box=sent', { cookie: sender.cookie })).json();
    expect(sent.proposals.map((row) => [row.id, row.offeredBy])).toEqual([[made.id, 'receiver']]);
  });

  it('lets only the side the offer was made to counter, accept or decline it, and only the side that made it cancel', async () => {
    const { proposal } = await offerFor();
    const stranger = await registerMember(app);

    expect(errorOf(await counter(app, sender, proposal.id))).toBe(TEXT.proposals.counterOwnOffer);
    expect((await counter(app, stranger, proposal.id)).statusCode).toBe(403);
    const made = counterOf(await counter(app, owner, proposal.id));

    for (const action of ['accept', 'decline'] as const) {
      const own = await answer(app, owner, made.id, action);
      expect([own.statusCode, errorOf(own)]).toEqual([403, TEXT.proposals.onlyOtherSide]);
    }
    const notTheirs = await answer(app, sender, made.id, 'cancel');
    expect([notTheirs.statusCode, errorOf(notTheirs)]).toEqual([403, TEXT.proposals.onlyOfferer]);
    expect((await counter(app, owner, made.id, { pointsOffer: 30 })).statusCode).toBe(403);
    expect((await answer(app, stranger, made.id, 'accept')).statusCode).toBe(403);
    // The countered offer is over: nobody answers it any more.
    expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(409);
    expect((await counter(app, owner, proposal.id, { pointsOffer: 40 })).statusCode).toBe(409);

    // The sender may counter back, and the receiver answer that; the receiver may also take theirs back.
    const back = counterOf(await counter(app, sender, made.id, { pointsOffer: 15, message: 'Meet me halfway' }));
    expect(back).toMatchObject({ offeredBy: 'sender', counteredFromId: made.id });
    expect(back.thread?.map((offer) => offer.status)).toEqual(['pending', 'countered', 'countered']);
    // The page reads the whole thread back; a list row leaves it out.
    expect((await view(owner, back.id)).thread?.map((offer) => offer.id)).toEqual([back.id, made.id, proposal.id]);
    const listed: ProposalPage = (await send(app, 'GET', '/api/proposals?box=received', { cookie: owner.cookie })).json();
    expect(listed.proposals.find((row) => row.id === back.id)).not.toHaveProperty('thread');
    const again = counterOf(await counter(app, owner, back.id, { pointsOffer: 18 }));
    expect((await answer(app, owner, again.id, 'cancel')).statusCode).toBe(200);
    expect((await notificationsOf(app, sender))[0]?.description).toBe(TEXT.notifications.counterCancelled({ member: 'Ann Owner', item: 'Camping stove' }));
  });

  it('is refused, changing nothing, when it repeats the terms, asks more than the sender holds, or wants what the sender cannot give', async () => {
    const { proposal } = await offerFor();
    const notTheSenders = await createItem(app, owner, { title: 'Owner lamp' });
    const swapped = await createItem(app, sender, { title: 'Gone already' });
    await db().update(items).set({ status: 'swapped' }).where(eq(items.id, swapped.id));
    const before = await snapshot();

    const refusals = [
      [await counter(app, owner, proposal.id, { pointsOffer: 10 }), 400, TEXT.proposals.counterUnchanged],
      [await counter(app, owner, proposal.id, { pointsOffer: 101 }), 400, TEXT.proposals.counterSenderShort],
      [await counter(app, owner, proposal.id, { pointsOffer: -1 }), 400, TEXT.proposals.pointsInvalid],
      [await counter(app, owner, proposal.id, { pointsOffer: 1.5 }), 400, TEXT.proposals.pointsInvalid],
      [await counter(app, owner, proposal.id, { message: '  ' }), 400, TEXT.proposals.messageRequired],
      [await counter(app, owner, proposal.id, { offerItemId: notTheSenders.id }), 400, TEXT.proposals.invalidOfferItem],
      [await counter(app, owner, proposal.id, { offerItemId: swapped.id }), 409, TEXT.proposals.itemUnavailable],
    ] as const;

    for (const [response, status, message] of refusals) expect([response.statusCode, errorOf(response)]).toEqual([status, message]);
    expect(await snapshot()).toEqual(before);
  });

  it('holds the sender to their own balance when they counter back with more points', async () => {
    const { proposal } = await offerFor();
    const made = counterOf(await counter(app, owner, proposal.id, { pointsOffer: 5 }));
    const before = await snapshot();

    const response = await counter(app, sender, made.id, { pointsOffer: 150 });

    expect([response.statusCode, errorOf(response)]).toEqual([400, TEXT.proposals.notEnoughPoints]);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused between a blocked pair, and once the answered offer is no longer pending', async () => {
    const { proposal } = await offerFor();
    const declined = (await offerFor('Tent')).proposal;
    await answer(app, owner, declined.id, 'decline');
    expect((await counter(app, owner, declined.id)).statusCode).toBe(409);

    await send(app, 'POST', '/api/blocks', { cookie: sender.cookie, body: { userId: owner.user.id } });
    const before = await snapshot();
    const response = await counter(app, owner, proposal.id);
    expect([response.statusCode, errorOf(response)]).toEqual([403, TEXT.blocks.refused]);
    expect(await snapshot()).toEqual(before);
  });

  it('accepted by the sender after one round, moves the countered terms: the points asked and the item wanted', async () => {
    const { item, proposal } = await offerFor();
    const wanted = await createItem(app, sender, { title: 'Head torch' });
    const made = counterOf(await counter(app, owner, proposal.id, { pointsOffer: 40, offerItemId: wanted.id }));

    const response = await answer(app, sender, made.id, 'accept');

    expect(response.statusCode).toBe(200);
    expect(counterOf(response)).toMatchObject({ status: 'accepted', viewerRole: 'sender', offeredBy: 'receiver' });
    expect([await pointsOf(app, sender), await pointsOf(app, owner)]).toEqual([60, 140]);
    const swapped = await db().select({ id: items.id }).from(items).where(eq(items.status, 'swapped'));
    expect(swapped.map((row) => row.id).sort()).toEqual([item.id, wanted.id].sort());
    const entries = await db().select().from(pointEntries).where(eq(pointEntries.proposalId, made.id));
    expect(entries.map((entry) => entry.amount).sort((a, b) => a - b)).toEqual([-40, 40]);
    expect((await notificationsOf(app, owner))[0]?.description).toBe(TEXT.notifications.counterAccepted({ member: 'Ben Sender', item: 'Camping stove' }));
    expect((await notificationsOf(app, sender)).find((row) => row.proposalId === made.id)).toMatchObject({ resolved: true });
  });

  it('declined by the sender, ends the swap and tells the receiver', async () => {
    const { proposal } = await offerFor();
    const made = counterOf(await counter(app, owner, proposal.id));

    expect((await answer(app, sender, made.id, 'decline')).statusCode).toBe(200);

    expect((await view(owner, made.id)).status).toBe('declined');
    expect((await notificationsOf(app, owner))[0]?.description).toBe(TEXT.notifications.counterDeclined({ member: 'Ben Sender', item: 'Camping stove' }));
    expect([await pointsOf(app, owner), await pointsOf(app, sender)]).toEqual([100, 100]);
  });
});
