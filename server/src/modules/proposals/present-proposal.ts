import type { ItemCard, MemberSummary, Proposal, ProposalOffer, ProposalStatus } from '@swapyard/contract';
import type { ProposalRow } from './repository.ts';

/** What the presenter needs besides the row, gathered once for a whole page of proposals. */
export interface ProposalContext {
  memberOf: Map<string, MemberSummary>;
  cardOf: Map<string, ItemCard>;
  /** The viewer's own rating of this swap, if they gave one. */
  rating: { stars: number; comment: string } | null;
  /** When the two may rate each other (ratingGate in the service). */
  ratingGate: RatingGate;
  /** The earlier offers of the thread, by id, when one proposal is shown on its own; lists leave the thread out. */
  earlier: Map<string, ProposalRow> | undefined;
  /** The counter that replaced each countered offer, by the offer's id. */
  counters: Map<string, string>;
}

export interface RatingGate {
  opensAt: Date | null;
  open: boolean;
}

export function presentProposal(row: ProposalRow, context: ProposalContext, viewerId: string): Proposal {
  const { memberOf, cardOf, rating, ratingGate, earlier, counters } = context;
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
    offeredBy: sideOf(row),
    counteredFromId: row.counteredFromId,
    counteredById: counters.get(row.id) ?? null,
    ...(earlier ? { thread: threadOf(row, earlier, cardOf) } : {}),
    ratingOpensAt: ratingGate.opensAt?.toISOString() ?? null,
    ratingOpen: ratingGate.open,
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
    reversedAt: row.reversedAt?.toISOString() ?? null,
  };
}

/** This offer, then the ones it answered, newest first. */
function threadOf(row: ProposalRow, earlier: Map<string, ProposalRow>, cardOf: Map<string, ItemCard>): ProposalOffer[] {
  const thread: ProposalOffer[] = [];
  for (let offer: ProposalRow | undefined = row; offer; offer = offer.counteredFromId ? earlier.get(offer.counteredFromId) : undefined) {
    thread.push(presentOffer(offer, cardOf));
  }
  return thread;
}

function presentOffer(row: ProposalRow, cardOf: Map<string, ItemCard>): ProposalOffer {
  return {
    id: row.id,
    status: row.status as ProposalStatus,
    message: row.message,
    pointsOffer: row.pointsOffer,
    offerItem: row.offerItemId ? (cardOf.get(row.offerItemId) ?? null) : null,
    offeredBy: sideOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

function sideOf(row: ProposalRow): 'sender' | 'receiver' {
  return row.offeredBy === row.senderId ? 'sender' : 'receiver';
}
