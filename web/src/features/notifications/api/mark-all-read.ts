import { TEXT } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { sendOrQueue } from '../../../lib/offline-queue.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { markReadInCache, restoreReadSnapshot } from './read-cache.ts';

/** Safe to send twice, like marking one read: offline it waits in the queue. Resolves to whether it did. */
export async function markAllRead(): Promise<boolean> {
  const sent = await sendOrQueue({
    id: 'notifications-read-all',
    topic: 'notifications',
    path: '/notifications/read-all',
    refresh: [notificationKeys.all],
    failureText: TEXT.notifications.markAllFailed,
  });
  return sent === null;
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllRead,
    onMutate: () => markReadInCache(queryClient, null),
    onError: (error, _variables, snapshot) => {
      restoreReadSnapshot(queryClient, snapshot);
      toast.error(errorMessage(error, TEXT.notifications.markAllFailed));
    },
    // A queued mark refreshes the list once sent: refetching before that would bring the unread flags back.
    onSettled: (queued) => (queued ? undefined : queryClient.invalidateQueries({ queryKey: notificationKeys.all })),
  });
}
