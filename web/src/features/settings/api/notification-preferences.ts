import type { NotificationPreferencesResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferencesResponse> {
  return apiRequest<NotificationPreferencesResponse>('/me/notification-preferences', { signal });
}

export const notificationPreferencesQuery = queryOptions({
  queryKey: accountKeys.notificationPreferences,
  queryFn: ({ signal }) => getNotificationPreferences(signal),
});

export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQuery);
}
