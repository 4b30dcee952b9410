import { z } from 'zod';
import { ITEM_VALUE_MAX, PROPOSAL_MESSAGE_MAX_LENGTH, PROPOSAL_STATUSES, RATING_COMMENT_MAX_LENGTH } from './constants.ts';
import { itemCard, memberSummary } from './items.ts';
import { pageQuery } from './paging.ts';
import { TEXT } from './texts.ts';

const t = TEXT.proposals;

export const proposalCreateBody = z.object({
  itemId: z.uuid({ error: () => t.noItem }),
  message: z
    .string({ error: () => t.messageRequired })
    .trim()
    .min(1, { error: () => t.messageRequired })
    .max(PROPOSAL_MESSAGE_MAX_LENGTH),
  pointsOffer: z
    .number({ error: () => t.pointsInvalid })
    .int({ error: () => t.pointsInvalid })
    .min(0, { error: () => t.pointsInvalid })
    .max(ITEM_VALUE_MAX, { error: () => t.pointsInvalid })
    .default(0),
  offerItemId: z.uuid({ error: () => t.invalidOfferItem }).nullable().default(null),
});
export type ProposalCreateBody = z.input<typeof proposalCreateBody>;

/** A counter-offer changes the terms of the same swap: the item asked for stays, the rules of each field are the proposal's. */
export const proposalCounterBody = proposalCreateBody.omit({ itemId: true });
export type ProposalCounterBody = z.input<typeof proposalCounterBody>;

/** Which side made an offer; the other side answers it. */
export const OFFER_SIDES = ['sender', 'receiver'] as const;

/** One offer of a proposal's thread: the terms as they stood, who made them, and how it ended. */
export const proposalOffer = z.object({
  id: z.uuid(),
  status: z.enum(PROPOSAL_STATUSES),
  message: z.string(),
  pointsOffer: z.number().int(),
  offerItem: itemCard.nullable(),
  offeredBy: z.enum(OFFER_SIDES),
  createdAt: z.iso.datetime(),
});
export type ProposalOffer = z.infer<typeof proposalOffer>;

/** A proposal as either side sees it: both items, both members, and what the viewer may do now. */
export const proposal = z.object({
  id: z.uuid(),
  status: z.enum(PROPOSAL_STATUSES),
  message: z.string(),
  pointsOffer: z.number().int(),
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
  sender: memberSummary,
  receiver: memberSummary,
  item: itemCard,
  offerItem: itemCard.nullable(),
  viewerRole: z.enum(OFFER_SIDES),
  /** Who made these terms: the side that did not may accept, decline or counter them; the side that did may cancel. */
  offeredBy: z.enum(OFFER_SIDES),
  /** The offer these terms countered, if any. */
  counteredFromId: z.uuid().nullable(),
  /** The counter-offer that replaced this one, once countered. */
  counteredById: z.uuid().nullable(),
  /**
   * Every offer of the negotiation up to this one, newest first: this offer, then the ones it
   * answered. Only a proposal read on its own carries it (the proposal page); lists leave it out.
   */
  thread: z.array(proposalOffer).optional(),
  /**
   * When the two may rate each other: the swap's completion, or 14 days after Accept, whichever
   * comes first; null while there is nothing to rate yet or any more.
   */
  ratingOpensAt: z.iso.datetime().nullable(),
  /** Rating is open now (the server refuses a rating before it is). */
  ratingOpen: z.boolean(),
  /** What the viewer gave the other side, if they rated this swap. */
  viewerRating: z.object({ stars: z.number().int().min(1).max(5), comment: z.string() }).nullable(),
  /**
   * The hand-over after Accept: present on every accepted proposal (its fields null until arranged or
   * confirmed), null on any other. Only the two members ever read a proposal, so no one else sees it.
   */
  handover: z
    .object({
      place: z.string().nullable(),
      at: z.iso.datetime().nullable(),
      senderConfirmedAt: z.iso.datetime().nullable(),
      receiverConfirmedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  /** Both sides confirmed the hand-over: the swap is completed. */
  completedAt: z.iso.datetime().nullable(),
  /** A moderator reversed the swap (status 'reversed'). */
  reversedAt: z.iso.datetime().nullable(),
});
export type Proposal = z.infer<typeof proposal>;

/** A proposal read with its whole thread: on its own page, and in the moderators' queue of swap problems. */
export const proposalWithThread = proposal.required({ thread: true });
export type ProposalWithThread = z.infer<typeof proposalWithThread>;

export const proposalResponse = z.object({ proposal });
export type ProposalResponse = z.infer<typeof proposalResponse>;

export const proposalListQuery = pageQuery(50, 20).extend({
  box: z.enum(['received', 'sent']),
  /** Only those for this item: the propose form asks whether the member already has one pending. */
  itemId: z.uuid({ error: () => t.noItem }).optional(),
  status: z.enum(PROPOSAL_STATUSES).optional(),
});
export const proposalPage = z.object({ proposals: z.array(proposal), nextCursor: z.string().nullable() });
export type ProposalPage = z.infer<typeof proposalPage>;

export const ratingBody = z.object({
  stars: z
    .number({ error: () => t.starsInvalid })
    .int({ error: () => t.starsInvalid })
    .min(1, { error: () => t.starsInvalid })
    .max(5, { error: () => t.starsInvalid }),
  comment: z.string().trim().max(RATING_COMMENT_MAX_LENGTH).default(''),
});
export type RatingBody = z.input<typeof ratingBody>;

/** A rating as the rated member's profile shows it: who gave it, for which swap, and what they said. */
export const receivedRating = z.object({
  proposalId: z.uuid(),
  stars: z.number().int().min(1).max(5),
  comment: z.string(),
  rater: memberSummary,
  createdAt: z.iso.datetime(),
});
export type ReceivedRating = z.infer<typeof receivedRating>;

export const ratingListQuery = pageQuery(50, 10);
export const ratingPage = z.object({ ratings: z.array(receivedRating), nextCursor: z.string().nullable() });
export type RatingPage = z.infer<typeof ratingPage>;

/** swap_reversed: a moderator reversed the swap, and the points went back by a new entry. */
export const POINT_REASONS = ['signup_bonus', 'swap_paid', 'swap_received', 'account_closed', 'swap_reversed'] as const;
export type PointReason = (typeof POINT_REASONS)[number];

export const pointEntry = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.enum(POINT_REASONS),
  proposalId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  /** The item swapped, for entries that come from a swap. */
  itemTitle: z.string().nullable(),
});
export type PointEntry = z.infer<typeof pointEntry>;

export const pointEntryPage = z.object({ entries: z.array(pointEntry), nextCursor: z.string().nullable() });
export type PointEntryPage = z.infer<typeof pointEntryPage>;

// Hand-over

export const HANDOVER_PLACE_MAX_LENGTH = 200;

/** A place typed on one line: no tab, line break or other control character. */
const CONTROL_CHARACTER = /\p{Cc}/u;

export const handoverBody = z.object({
  place: z
    .string({ error: () => t.handoverPlaceRequired })
    .trim()
    .min(1, { error: () => t.handoverPlaceRequired })
    .max(HANDOVER_PLACE_MAX_LENGTH, { error: () => t.handoverPlaceTooLong({ max: HANDOVER_PLACE_MAX_LENGTH }) })
    .refine((place) => !CONTROL_CHARACTER.test(place), { error: () => t.handoverPlaceInvalid }),
  at: z.iso
    .datetime({ offset: true, error: () => t.handoverTimeInvalid })
    // The format allows year 0, which PostgreSQL's calendar lacks; no meeting is arranged that far off either way.
    .refine((at) => {
      const year = new Date(at).getUTCFullYear();
      return year >= 2000 && year <= 9999;
    }, { error: () => t.handoverTimeInvalid }),
});
export type HandoverBody = z.input<typeof handoverBody>;
