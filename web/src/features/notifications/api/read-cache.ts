import type { NotificationPage } from '@swapyard/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { notificationsQuery } from './list-notifications.ts';

/*
 * Marking read shows at once (SPEC: clicking an entry marks it read), in the list and in the
 * navigation's unread count, and is put back if the server refuses; shared by the single and the
 * mark-all call.
 */

export interface ReadSnapshot {
  list: InfiniteData<NotificationPage, string | undefined> | undefined;
  unread: NotificationPage | undefined;
}

/** id null marks every notification read. */
export async function markReadInCache(queryClient: QueryClient, id: string | null): Promise<ReadSnapshot> {
  // A list fetched before the change would land after it and bring the old flags back.
  await queryClient.cancelQueries({ queryKey: notificationKeys.all });
  const snapshot: ReadSnapshot = {
    list: queryClient.getQueryData(notificationsQuery.queryKey),
    unread: queryClient.getQueryData<NotificationPage>(notificationKeys.unread),
  };
  const wasUnread =
    id === null ||
    (snapshot.list?.pages.some((page) => page.notifications.some((entry) => entry.id === id && !entry.read)) ?? true);
  const lower = (count: number) => (id === null ? 0 : Math.max(0, count - (wasUnread ? 1 : 0)));
  const markPage = (page: NotificationPage): NotificationPage => ({
    ...page,
    unreadCount: lower(page.unreadCount),
    notifications: page.notifications.map((entry) => (id === null || entry.id === id ? { ...entry, read: true } : entry)),
  });

  queryClient.setQueryData(notificationsQuery.queryKey, (list) => list && { ...list, pages: list.pages.map(markPage) });
  queryClient.setQueryData<NotificationPage>(notificationKeys.unread, (page) => page && markPage(page));
  return snapshot;
}

export function restoreReadSnapshot(queryClient: QueryClient, snapshot: ReadSnapshot | undefined): void {
  if (!snapshot) return;
  queryClient.setQueryData(notificationsQuery.queryKey, snapshot.list);
  queryClient.setQueryData(notificationKeys.unread, snapshot.unread);
}
