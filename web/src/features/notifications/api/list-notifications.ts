import type { NotificationPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';

export function listNotifications(cursor: string | undefined, signal?: AbortSignal): Promise<NotificationPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<NotificationPage>(`/notifications${query}`, { signal });
}

/** Newest first, as the server orders them. */
export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) => listNotifications(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useNotifications() {
  return useInfiniteQuery(notificationsQuery);
}
