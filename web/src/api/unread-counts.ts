import type { ConversationPage, NotificationPage } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { conversationKeys, notificationKeys } from '../lib/query-keys.ts';

/*
 * The navigation shows these on every signed-in page, so they live here, not in a feature. Their
 * keys start with 'conversations' and 'notifications': the realtime hook's invalidations reach them.
 */
export const unreadConversationsQuery = queryOptions({
  queryKey: conversationKeys.unread,
  queryFn: ({ signal }) => apiRequest<ConversationPage>('/conversations?limit=1', { signal }),
  select: (page) => page.unreadConversations,
});

export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => apiRequest<NotificationPage>('/notifications?limit=1', { signal }),
  select: (page) => page.unreadCount,
});

export function useUnreadCounts(): { messages: number; notifications: number } {
  const conversations = useQuery(unreadConversationsQuery);
  const notifications = useQuery(unreadNotificationsQuery);
  return { messages: conversations.data ?? 0, notifications: notifications.data ?? 0 };
}
