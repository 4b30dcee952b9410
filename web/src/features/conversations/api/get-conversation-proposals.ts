import type { ProposalPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';

/** The proposals between the two members about the chat's item, newest first, page by page. */
export const conversationProposalsQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: proposalKeys.inConversation(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ProposalPage>(
        `/conversations/${conversationId}/proposals${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useConversationProposals(conversationId: string) {
  return useInfiniteQuery(conversationProposalsQuery(conversationId));
}
