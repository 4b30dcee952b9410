import type { NotificationPreferences, NotificationPreferencesResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { SETTINGS_TEXT } from '../texts.ts';

export function saveNotificationPreferences(preferences: NotificationPreferences): Promise<NotificationPreferencesResponse> {
  return apiRequest<NotificationPreferencesResponse>('/me/notification-preferences', { method: 'PUT', body: preferences });
}

/** Saved on each change, shown at once; a refusal puts back what the server holds and says so. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const key = accountKeys.notificationPreferences;
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<NotificationPreferencesResponse>(key, { preferences });
    },
    onSuccess: (response) => queryClient.setQueryData(key, response),
    onError: (error) => {
      toast.error(errorMessage(error, SETTINGS_TEXT.notifications.saveFailed));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
