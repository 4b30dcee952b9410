import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { conversationKeys, notificationKeys } from '../../../lib/query-keys.ts';

export function markConversationRead(conversationId: string): Promise<void> {
  return apiRequest<void>(`/conversations/${conversationId}/read`, { method: 'POST' });
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    // Opening a chat offline marks it read once the network is back, if the tab is still open.
    networkMode: 'online',
    // The counts this tab shows follow at once; the server's conversations.read tells the member's other tabs.
    onSuccess: () => {
      for (const queryKey of [...conversationKeys.readCounts, notificationKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
