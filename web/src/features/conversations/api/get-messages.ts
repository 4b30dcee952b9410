import type { MessagePage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** Pages run from the newest backwards; each page is oldest first. */
export const messagesQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePage>(
        `/conversations/${conversationId}/messages${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useMessages(conversationId: string) {
  return useInfiniteQuery(messagesQuery(conversationId));
}
