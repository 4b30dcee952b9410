import type { Notification, Proposal, ProposalCounterBody, ProposalCreateBody } from '@swapyard/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { proposals, users } from '../db/schema/index.ts';
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

/** Both sides confirm the hand-over of an accepted proposal, which completes the swap. */
export async function completeSwap(app: FastifyInstance, [first, second]: [Member, Member], proposalId: string): Promise<Proposal> {
  let completed: Proposal | undefined;
  for (const member of [first, second]) {
    const response = await send(app, 'POST', `/api/proposals/${proposalId}/handover/confirm`, { cookie: member.cookie });
    if (response.statusCode !== 200) throw new Error(`confirm failed: ${response.body}`);
    completed = response.json<{ proposal: Proposal }>().proposal;
  }
  return completed!;
}

/**
 * Moves the proposal's Accept (and what was confirmed after it) this many days into the past, as
 * if the swap had been accepted then: the rules that wait on time read the database's clock.
 */
export async function acceptedDaysAgo(app: FastifyInstance, proposalId: string, days: number): Promise<void> {
  const back = sql`make_interval(days => ${days})`;
  await app.services.database.db
    .update(proposals)
    .set({
      resolvedAt: sql`${proposals.resolvedAt} - ${back}`,
      senderConfirmedAt: sql`${proposals.senderConfirmedAt} - ${back}`,
      receiverConfirmedAt: sql`${proposals.receiverConfirmedAt} - ${back}`,
    })
    .where(eq(proposals.id, proposalId));
}

/** The member's balance as the database holds it. */
export async function pointsOf(app: FastifyInstance, member: Member): Promise<number | undefined> {
  return (await app.services.database.db.select().from(users).where(eq(users.id, member.user.id)))[0]?.points;
}

export async function notificationsOf(app: FastifyInstance, member: Member): Promise<Notification[]> {
  return (await send(app, 'GET', '/api/notifications', { cookie: member.cookie })).json<{ notifications: Notification[] }>().notifications;
}

/** The message of a refusal, as the error shape carries it. */
export const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { message: string } }).error.message;
