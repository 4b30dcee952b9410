import type { ChatMessage, Proposal } from '@swapyard/contract';

export type TimelineEntry = { kind: 'message'; message: ChatMessage } | { kind: 'proposal'; proposal: Proposal };

interface TimelineSources {
  /** Oldest first, as the chat shows them. */
  messages: ChatMessage[];
  /** Newest first, as the server pages them. */
  proposals: Proposal[];
  /** Whether older pages of each are still to load. */
  olderMessages: boolean;
  olderProposals: boolean;
}

/**
 * Messages and proposal cards in one line, by the time each was sent. Cards sit where they were made
 * rather than pinned above: a counter-offer reads at the point of the talk that led to it, and since
 * an answerable offer is always the newest of its thread, what waits for an answer is at the bottom,
 * by the newest messages, where the chat opens. While either source has older pages to load, only
 * what is as new as both loaded ends is shown, so nothing appears out of its place in time.
 */
export function chatTimeline({ messages, proposals, olderMessages, olderProposals }: TimelineSources): TimelineEntry[] {
  const horizon = Math.max(
    olderMessages && messages[0] ? Date.parse(messages[0].createdAt) : Number.NEGATIVE_INFINITY,
    olderProposals && proposals.at(-1) ? Date.parse(proposals.at(-1)!.createdAt) : Number.NEGATIVE_INFINITY,
  );
  const entries: TimelineEntry[] = [
    ...messages.map((message) => ({ kind: 'message' as const, message })),
    ...proposals.map((proposal) => ({ kind: 'proposal' as const, proposal })),
  ];
  return entries.filter((entry) => timeOf(entry) >= horizon).sort((a, b) => timeOf(a) - timeOf(b));
}

function timeOf(entry: TimelineEntry): number {
  return Date.parse(entry.kind === 'message' ? entry.message.createdAt : entry.proposal.createdAt);
}
