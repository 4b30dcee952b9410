import type { ConversationSummary } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

export const conversationQuery = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await apiRequest<{ conversation: ConversationSummary }>(`/conversations/${id}`, { signal })).conversation,
  });

export function useConversation(id: string) {
  return useQuery(conversationQuery(id));
}
