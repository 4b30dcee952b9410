import type { ConversationPage } from '@swapyard/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

export function getConversations(q: string, cursor: string, signal?: AbortSignal): Promise<ConversationPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest<ConversationPage>(`/conversations${search}`, { signal });
}

/** The member's conversations; with a search, those the server finds it in, among all of them. */
export function conversationsQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: q ? conversationKeys.search(q) : conversationKeys.list,
    queryFn: ({ pageParam, signal }) => getConversations(q, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useConversations(q: string) {
  // A new search keeps the rows shown until its answer arrives, so the list does not blink.
  return useInfiniteQuery({ ...conversationsQuery(q), placeholderData: keepPreviousData });
}
