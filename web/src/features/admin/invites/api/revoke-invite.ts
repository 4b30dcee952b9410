import type { InviteSummary } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { communityKeys } from '../../../../lib/query-keys.ts';

export function revokeInvite(id: string): Promise<{ invite: InviteSummary }> {
  return apiRequest<{ invite: InviteSummary }>(`/admin/invites/${id}/revoke`, { method: 'POST' });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.invites }),
  });
}
