import { TEXT, type Notification, type Proposal } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { proposals, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { LogCapture } from '../../test/log-capture.ts';
import { createItem, imageFiles, itemInput, putItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, createProposal } from '../../test/proposals.ts';

let app: FastifyInstance;
let log: LogCapture;
let owner: Member;
let sender: Member;

beforeEach(async () => {
  ({ app, log } = await buildTestApp({ logLevel: 'info' }));
  owner = await registerMember(app, { displayName: 'Ann Owner' });
  sender = await registerMember(app, { displayName: 'Ben Sender' });
});
afterEach(async () => {
  await app.close();
  expect(log.failures()).toEqual([]);
});

const db = () => app.services.database.db;
const statusOf = async (proposal: Proposal) =>
  (await db().select({ status: proposals.status }).from(proposals).where(eq(proposals.id, proposal.id)))[0]?.status;
const pointsOf = async (member: Member) => (await db().select().from(users).where(eq(users.id, member.user.id)))[0]?.points;
const notificationsOf = async (member: Member): Promise<Notification[]> =>
  (await send(app, 'GET', '/api/notifications', { cookie: member.cookie })).json().notifications;
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { message: string } }).error.message;

/** Ann's lamp, and Ben's pending offer of his kettle and 20 points for it. */
async function offerKettleForLamp() {
  const lamp = await createItem(app, owner, { title: 'Brass lamp', value: '30' });
  const kettle = await createItem(app, sender, { title: 'Copper kettle', value: '10' });
  const proposal = await createProposal(app, sender, lamp.id, { offerItemId: kettle.id, pointsOffer: 20 });
  return { lamp, kettle, proposal };
}

describe('an offered item that changes or goes while the proposal is pending', () => {
  it('withdraws the proposal when the sender removes the item, tells the receiver, and the accept is refused', async () => {
    const { kettle, proposal } = await offerKettleForLamp();

    expect((await send(app, 'DELETE', `/api/items/${kettle.id}`, { cookie: sender.cookie })).statusCode).toBe(204);

    expect(await statusOf(proposal)).toBe('cancelled');
    const accept = await answer(app, owner, proposal.id, 'accept');
    expect({ status: accept.statusCode, message: errorOf(accept) }).toEqual({ status: 409, message: TEXT.proposals.notPending });
    expect(await pointsOf(owner)).toBe(100);
    expect(await pointsOf(sender)).toBe(100);
    const notices = await notificationsOf(owner);
    expect(notices[0]).toMatchObject({
      title: TEXT.notifications.proposalWithdrawn,
      description: TEXT.notifications.offeredItemRemoved({ sender: 'Ben Sender', offered: 'Copper kettle', item: 'Brass lamp' }),
      read: false,
    });
    // The "new proposal" notice can no longer be acted on.
    expect(notices.find((notice) => notice.title === TEXT.notifications.newProposal)).toMatchObject({ resolved: true });
  });

  it('withdraws the proposal when the sender edits the item in a way that matters, and the receiver cannot accept the new version', async () => {
    const changes: Partial<Parameters<typeof itemInput>[0]>[] = [{ title: 'Dented kettle' }, { value: '1' }, { description: 'Leaks a bit.' }];
    for (const change of changes) {
      const { kettle, proposal } = await offerKettleForLamp();

      const edit = await putItem(app, sender, kettle.id, { ...itemInput({ title: 'Copper kettle', value: '10', ...change }) });
      expect(edit.statusCode).toBe(200);

      expect(await statusOf(proposal)).toBe('cancelled');
      expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(409);
      expect((await notificationsOf(owner))[0]).toMatchObject({
        title: TEXT.notifications.proposalWithdrawn,
        description: TEXT.notifications.offeredItemChanged({ sender: 'Ben Sender', offered: 'Copper kettle', item: 'Brass lamp' }),
      });
    }
  });

  it('withdraws the proposal when the photos of the offered item change', async () => {
    const { kettle, proposal } = await offerKettleForLamp();

    const order = JSON.stringify([`id:${kettle.images[0]!.id}`, 'new:0']);
    const edit = await putItem(app, sender, kettle.id, { ...itemInput({ title: 'Copper kettle', value: '10' }), imageOrder: order }, await imageFiles(1));

    expect(edit.statusCode).toBe(200);
    expect(await statusOf(proposal)).toBe('cancelled');
  });

  it('keeps the proposal when a save changes nothing, and the receiver can still accept it', async () => {
    const { kettle, proposal } = await offerKettleForLamp();

    const edit = await putItem(app, sender, kettle.id, { ...itemInput({ title: 'Copper kettle', value: '10' }) });

    expect(edit.statusCode).toBe(200);
    expect(await statusOf(proposal)).toBe('pending');
    expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(200);
    expect(await pointsOf(owner)).toBe(120);
  });
});

describe('an asked-for item that changes or goes while a proposal for it is pending', () => {
  it('declines the proposals for it when the owner edits it, and tells each sender to look again', async () => {
    const { lamp, proposal } = await offerKettleForLamp();
    const other = await registerMember(app, { displayName: 'Cy Other' });
    const pointsOnly = await createProposal(app, other, lamp.id, { pointsOffer: 5 });

    const edit = await putItem(app, owner, lamp.id, { ...itemInput({ title: 'Brass lamp', value: '90' }) });

    expect(edit.statusCode).toBe(200);
    expect([await statusOf(proposal), await statusOf(pointsOnly)]).toEqual(['declined', 'declined']);
    for (const member of [sender, other]) {
      expect((await notificationsOf(member))[0]).toMatchObject({
        title: TEXT.notifications.proposalWithdrawn,
        description: TEXT.notifications.askedItemChanged({ owner: 'Ann Owner', item: 'Brass lamp' }),
        itemId: lamp.id,
      });
    }
    // The sender's kettle is free again for another proposal.
    expect((await createProposal(app, sender, lamp.id, { offerItemId: proposal.offerItem!.id })).status).toBe('pending');
  });

  it('tells the sender when the owner removes it, with a notice that outlives the proposal', async () => {
    const { lamp } = await offerKettleForLamp();

    expect((await send(app, 'DELETE', `/api/items/${lamp.id}`, { cookie: owner.cookie })).statusCode).toBe(204);

    expect((await send(app, 'GET', '/api/proposals?box=sent', { cookie: sender.cookie })).json().proposals).toEqual([]);
    expect((await notificationsOf(sender))[0]).toMatchObject({
      title: TEXT.notifications.proposalWithdrawn,
      description: TEXT.notifications.askedItemRemoved({ owner: 'Ann Owner', item: 'Brass lamp' }),
      itemId: null,
      proposalId: null,
    });
  });

  it('removes an item that earlier, settled proposals asked for', async () => {
    const { lamp, proposal } = await offerKettleForLamp();
    expect((await answer(app, owner, proposal.id, 'decline')).statusCode).toBe(200);

    expect((await send(app, 'DELETE', `/api/items/${lamp.id}`, { cookie: owner.cookie })).statusCode).toBe(204);

    expect(await statusOf(proposal)).toBeUndefined();
  });
});
