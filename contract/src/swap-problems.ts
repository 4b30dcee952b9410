import { z } from 'zod';
import { memberSummary } from './items.ts';
import { moderationReason } from './moderation.ts';
import { pageQuery } from './paging.ts';
import { proposalWithThread } from './proposals.ts';
import { TEXT } from './texts.ts';

/** Issue 22: a problem with an accepted swap, reported by either side, which a moderator dismisses or reverses. */

const t = TEXT.swapProblems;

/** How long after Accept either side may report a problem with the swap. */
export const SWAP_PROBLEM_WINDOW_DAYS = 14;
export const SWAP_PROBLEM_NOTE_MAX_LENGTH = 1000;
/** Photos a member may attach to a report, with the same image rules as a listing's. */
export const MAX_SWAP_PROBLEM_PHOTOS = 4;

export const SWAP_PROBLEM_REASONS = ['no_show', 'not_as_described', 'other'] as const;
export type SwapProblemReason = (typeof SWAP_PROBLEM_REASONS)[number];

export const SWAP_PROBLEM_STATUSES = ['open', 'dismissed', 'reversed'] as const;
export type SwapProblemStatus = (typeof SWAP_PROBLEM_STATUSES)[number];

export const swapProblemBody = z.object({
  reason: z.enum(SWAP_PROBLEM_REASONS, { error: () => t.reasonRequired }),
  note: z
    .string()
    .trim()
    .max(SWAP_PROBLEM_NOTE_MAX_LENGTH, { error: () => t.noteTooLong({ max: SWAP_PROBLEM_NOTE_MAX_LENGTH }) })
    .default(''),
});
export type SwapProblemBody = z.input<typeof swapProblemBody>;

/** A problem as the member who reported it sees it on the proposal page. */
export const swapProblem = z.object({
  id: z.uuid(),
  reason: z.enum(SWAP_PROBLEM_REASONS),
  note: z.string(),
  status: z.enum(SWAP_PROBLEM_STATUSES),
  createdAt: z.iso.datetime(),
  /** The moderator's reason, once handled. */
  resolution: z.string(),
  /** Only the reporter and moderators are given these addresses. */
  photos: z.array(z.object({ url: z.string(), thumbUrl: z.string() })),
});
export type SwapProblem = z.infer<typeof swapProblem>;

export const swapProblemResponse = z.object({ problem: swapProblem });

/** The viewer's own reports on this proposal, and why it was reversed if it was: both sides read that. */
export const proposalProblems = z.object({
  problems: z.array(swapProblem),
  reversalReason: z.string().nullable(),
});
export type ProposalProblems = z.infer<typeof proposalProblems>;

/** One open problem in the moderators' queue, with the whole proposal thread. */
export const swapProblemCase = swapProblem.extend({
  reporter: memberSummary,
  proposal: proposalWithThread,
});
export type SwapProblemCase = z.infer<typeof swapProblemCase>;

export const swapProblemQueueQuery = pageQuery(50, 20);
export const swapProblemQueuePage = z.object({ problems: z.array(swapProblemCase), nextCursor: z.string().nullable() });
export type SwapProblemQueuePage = z.infer<typeof swapProblemQueuePage>;

export const swapProblemDecisionBody = z.object({ reason: moderationReason });
export type SwapProblemDecisionBody = z.input<typeof swapProblemDecisionBody>;

/** What a reversal moved: the points the receiver no longer had stay with them, and the moderator sees how many. */
export const swapReversalResponse = z.object({ moved: z.number().int(), shortfall: z.number().int() });
export type SwapReversalResponse = z.infer<typeof swapReversalResponse>;
