import { TEXT } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/swap-cache.ts';
import { toast } from '../../../lib/toast.ts';
import { markReadInCache, restoreReadSnapshot } from './read-cache.ts';

export function markAllRead(): Promise<void> {
  return apiRequest<undefined>('/notifications/read-all', { method: 'POST' });
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
