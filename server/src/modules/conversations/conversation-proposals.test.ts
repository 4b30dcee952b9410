import { TEXT, type ConversationSummary, type ProposalPage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, counter, createProposal, errorOf } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';

let app: FastifyInstance;
let owner: Member;
let sender: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  // The first account is the site's admin: registered first, so the members below are members.
  await registerMember(app, { displayName: 'Founder' });
  owner = await registerMember(app, { displayName: 'Owner' });
  sender = await registerMember(app, { displayName: 'Sender' });
});
afterEach(async () => {
  await app.close();
});

const open = async (member: Member, otherUserId: string, itemId: string | null): Promise<ConversationSummary> =>
  (await send(app, 'POST', '/api/conversations', { cookie: member.cookie, body: { otherUserId, itemId } })).json().conversation;
const proposalsIn = (member: Member, conversationId: string, query = '') =>
  send(app, 'GET', `/api/conversations/${conversationId}/proposals${query}`, { cookie: member.cookie });
const idsIn = async (member: Member, conversationId: string) =>
  (await proposalsIn(member, conversationId)).json<ProposalPage>().proposals.map((proposal) => proposal.id);

describe('the proposals in a conversation about an item', () => {
  it('lists every offer between the two about that item, newest first, each as its viewer sees it', async () => {
    const lamp = await createItem(app, owner, { title: 'Lamp' });
    const first = await createProposal(app, sender, lamp.id, { pointsOffer: 5 });
    expect((await answer(app, sender, first.id, 'cancel')).statusCode).toBe(200);
    const second = await createProposal(app, sender, lamp.id, { pointsOffer: 10 });
    const countered = (await counter(app, owner, second.id, { pointsOffer: 15 })).json().proposal;
    const conversation = await open(sender, owner.user.id, lamp.id);

    const page = (await proposalsIn(owner, conversation.id)).json<ProposalPage>();
    expect(page.proposals.map((proposal) => [proposal.id, proposal.status])).toEqual([
      [countered.id, 'pending'],
      [second.id, 'countered'],
      [first.id, 'cancelled'],
    ]);
    expect(page.proposals[0]).toMatchObject({ viewerRole: 'receiver', offeredBy: 'receiver', pointsOffer: 15 });
    expect(page.nextCursor).toBeNull();
    const [asSender] = (await proposalsIn(sender, conversation.id)).json<ProposalPage>().proposals;
    expect(asSender).toMatchObject({ id: countered.id, viewerRole: 'sender' });
  });

  it('includes offers either way, the item asked for or offered, and leaves out other items and other members', async () => {
    const lamp = await createItem(app, owner, { title: 'Lamp' });
    const asked = await createProposal(app, sender, lamp.id);
    expect((await answer(app, sender, asked.id, 'cancel')).statusCode).toBe(200);
    // The other way: the lamp's owner offers it for one of the sender's listings.
    const kettle = await createItem(app, sender, { title: 'Kettle' });
    const offered = await createProposal(app, owner, kettle.id, { offerItemId: lamp.id });
    await createProposal(app, sender, (await createItem(app, owner)).id);
    const third = await registerMember(app, { displayName: 'Third' });
    await createProposal(app, third, lamp.id);
    const conversation = await open(owner, sender.user.id, lamp.id);

    expect(await idsIn(sender, conversation.id)).toEqual([offered.id, asked.id]);
  });

  it('pages newest first with a cursor', async () => {
    const lamp = await createItem(app, owner);
    const made: string[] = [];
    for (let round = 0; round < 3; round++) {
      const proposal = await createProposal(app, sender, lamp.id);
      made.unshift(proposal.id);
      if (round < 2) await answer(app, sender, proposal.id, 'cancel');
    }
    const conversation = await open(sender, owner.user.id, lamp.id);

    const first = (await proposalsIn(sender, conversation.id, '?limit=2')).json<ProposalPage>();
    const rest = (await proposalsIn(sender, conversation.id, `?limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`)).json<ProposalPage>();
    expect([...first.proposals, ...rest.proposals].map((proposal) => proposal.id)).toEqual(made);
    expect(rest.nextCursor).toBeNull();
  });

  it('is empty for a conversation about no item', async () => {
    const lamp = await createItem(app, owner);
    await createProposal(app, sender, lamp.id);
    const conversation = await open(sender, owner.user.id, null);

    expect((await proposalsIn(owner, conversation.id)).json()).toEqual({ proposals: [], nextCursor: null });
  });

  it('is for the two members alone: a stranger and a moderator are refused, an unknown conversation is not found', async () => {
    const lamp = await createItem(app, owner);
    await createProposal(app, sender, lamp.id);
    const conversation = await open(sender, owner.user.id, lamp.id);
    const stranger = await registerMember(app, { displayName: 'Stranger' });
    const moderator = await registerWithRole(app, 'moderator', 'Moderator');

    for (const outsider of [stranger, moderator]) {
      const refused = await proposalsIn(outsider, conversation.id);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toBe(TEXT.conversations.notParticipant);
    }
    expect((await send(app, 'GET', `/api/conversations/${conversation.id}/proposals`)).statusCode).toBe(401);
    const unknown = await proposalsIn(owner, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await proposalsIn(owner, 'not-an-id')).statusCode).toBe(400);
  });

  it('stays readable to a blocked pair, as their messages do, showing the block withdrew what was pending', async () => {
    const lamp = await createItem(app, owner);
    const pending = await createProposal(app, sender, lamp.id);
    const conversation = await open(sender, owner.user.id, lamp.id);
    expect((await send(app, 'POST', '/api/blocks', { cookie: owner.cookie, body: { userId: sender.user.id } })).statusCode).toBeLessThan(300);

    const page = (await proposalsIn(sender, conversation.id)).json<ProposalPage>();
    expect(page.proposals.map((proposal) => proposal.id)).toEqual([pending.id]);
    expect(page.proposals[0]!.status).not.toBe('pending');
  });
});
