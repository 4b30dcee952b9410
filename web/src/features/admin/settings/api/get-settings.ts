import type { CommunitySettingsResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { communityKeys } from '../../../../lib/query-keys.ts';

export function getSettings(signal?: AbortSignal): Promise<CommunitySettingsResponse> {
  return apiRequest<CommunitySettingsResponse>('/admin/settings', { signal });
}

export const settingsQuery = queryOptions({
  queryKey: communityKeys.settings,
  queryFn: ({ signal }) => getSettings(signal),
  select: (response) => response.settings,
});

export function useSettings(enabled: boolean) {
  return useQuery({ ...settingsQuery, enabled });
}
