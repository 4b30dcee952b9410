import { DASHBOARD_RECENT_CONVERSATIONS, type ConversationPage } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

/** Under 'conversations', so every message event refreshes the dashboard too. */
export const recentConversationsQuery = queryOptions({
  queryKey: conversationKeys.recent,
  queryFn: ({ signal }) => apiRequest<ConversationPage>(`/conversations?limit=${DASHBOARD_RECENT_CONVERSATIONS}`, { signal }),
});

export function useRecentConversations() {
  return useQuery(recentConversationsQuery);
}
