import type { Proposal, ProposalCounterBody, ProposalCreateBody } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { send, type Member } from './members.ts';

export function proposalBody(itemId: string, overrides: Partial<ProposalCreateBody> = {}): ProposalCreateBody {
  return { itemId, message: 'Would you swap for this?', pointsOffer: 0, offerItemId: null, ...overrides };
}

export function propose(app: FastifyInstance, sender: Member, itemId: string, overrides: Partial<ProposalCreateBody> = {}) {
  return send(app, 'POST', '/api/proposals', { cookie: sender.cookie, body: proposalBody(itemId, overrides) });
}

/** Sends a proposal that must succeed, and returns it. */
export async function createProposal(
  app: FastifyInstance,
  sender: Member,
  itemId: string,
  overrides: Partial<ProposalCreateBody> = {},
): Promise<Proposal> {
  const response = await propose(app, sender, itemId, overrides);
  if (response.statusCode !== 201) throw new Error(`proposal failed: ${response.body}`);
  return response.json<{ proposal: Proposal }>().proposal;
}

export function answer(
  app: FastifyInstance,
  member: Member,
  proposalId: string,
  action: 'accept' | 'decline' | 'cancel',
  headers: Record<string, string> = {},
) {
  return send(app, 'POST', `/api/proposals/${proposalId}/${action}`, { cookie: member.cookie, headers });
}

/** Answers an offer with new terms: by default asks for more points and no item. */
export function counter(app: FastifyInstance, member: Member, proposalId: string, overrides: Partial<ProposalCounterBody> = {}) {
  return send(app, 'POST', `/api/proposals/${proposalId}/counter`, {
    cookie: member.cookie,
    body: { pointsOffer: 20, offerItemId: null, message: 'How about this instead?', ...overrides },
  });
}
