import type { ItemCard, MemberSummary, Proposal, ProposalStatus } from '@swapyard/contract';
import type { ProposalRow } from './repository.ts';

/** What the presenter needs besides the row, gathered once for a whole page of proposals. */
export interface ProposalContext {
  memberOf: Map<string, MemberSummary>;
  cardOf: Map<string, ItemCard>;
  /** The viewer's own rating of this swap, if they gave one. */
  rating: { stars: number; comment: string } | null;
}

export function presentProposal(row: ProposalRow, { memberOf, cardOf, rating }: ProposalContext, viewerId: string): Proposal {
  return {
    id: row.id,
    status: row.status as ProposalStatus,
    message: row.message,
    pointsOffer: row.pointsOffer,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    sender: memberOf.get(row.senderId)!,
    receiver: memberOf.get(row.receiverId)!,
    item: cardOf.get(row.itemId)!,
    offerItem: row.offerItemId ? (cardOf.get(row.offerItemId) ?? null) : null,
    viewerRole: row.senderId === viewerId ? 'sender' : 'receiver',
    viewerRating: rating,
    handover:
      row.status === 'accepted'
        ? {
            place: row.handoverPlace,
            at: row.handoverAt?.toISOString() ?? null,
            senderConfirmedAt: row.senderConfirmedAt?.toISOString() ?? null,
            receiverConfirmedAt: row.receiverConfirmedAt?.toISOString() ?? null,
          }
        : null,
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
