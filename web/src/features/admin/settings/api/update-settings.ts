import type { CommunitySettingsResponse, UpdateCommunitySettingsBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { communityKeys } from '../../../../lib/query-keys.ts';

export function updateSettings(body: UpdateCommunitySettingsBody): Promise<CommunitySettingsResponse> {
  return apiRequest<CommunitySettingsResponse>('/admin/settings', { method: 'PUT', body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async (response) => {
      queryClient.setQueryData(communityKeys.settings, response);
      // The header, the tab's title and the sign-in pages read the public view: it changed with these.
      await queryClient.invalidateQueries({ queryKey: communityKeys.public, exact: true });
    },
  });
}
