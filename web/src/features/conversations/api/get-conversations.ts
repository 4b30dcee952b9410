import type { ConversationPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

export const conversationsQuery = infiniteQueryOptions({
  queryKey: conversationKeys.list,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<ConversationPage>(`/conversations${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
  initialPageParam: '',
  getNextPageParam: (page) => page.nextCursor ?? undefined,
});

export function useConversations() {
  return useInfiniteQuery(conversationsQuery);
}
