import { TEXT } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { sendOrQueue } from '../../../lib/offline-queue.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { markReadInCache, restoreReadSnapshot } from './read-cache.ts';

/** Marking read twice changes nothing, so offline it waits in the queue. Resolves to whether it did. */
export async function markRead(id: string): Promise<boolean> {
  const sent = await sendOrQueue({
    id: `notification-read:${id}`,
    topic: 'notifications',
    path: `/notifications/${encodeURIComponent(id)}/read`,
    refresh: [notificationKeys.all],
    failureText: TEXT.notifications.markFailed,
  });
  return sent === null;
}

/** Optimistic; the toast is raised here because the member has usually navigated away by then. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (id) => markReadInCache(queryClient, id),
    onError: (error, _id, snapshot) => {
      restoreReadSnapshot(queryClient, snapshot);
      toast.error(errorMessage(error, TEXT.notifications.markFailed));
    },
    // A queued mark refreshes the list once sent: refetching before that would bring the unread flag back.
    onSettled: (queued) => (queued ? undefined : queryClient.invalidateQueries({ queryKey: notificationKeys.all })),
  });
}
