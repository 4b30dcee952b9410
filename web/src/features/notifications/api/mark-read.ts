import { TEXT } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/swap-cache.ts';
import { toast } from '../../../lib/toast.ts';
import { markReadInCache, restoreReadSnapshot } from './read-cache.ts';

export function markRead(id: string): Promise<void> {
  return apiRequest<undefined>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
