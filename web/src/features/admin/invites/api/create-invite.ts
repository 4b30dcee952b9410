import type { CreatedInviteResponse, CreateInviteBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { communityKeys } from '../../../../lib/query-keys.ts';

export function createInvite(body: CreateInviteBody): Promise<CreatedInviteResponse> {
  return apiRequest<CreatedInviteResponse>('/admin/invites', { method: 'POST', body });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.invites }),
  });
}
