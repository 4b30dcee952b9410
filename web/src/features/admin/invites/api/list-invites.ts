import type { InviteListResponse } from '@swapyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { communityKeys } from '../../../../lib/query-keys.ts';

export function listInvites(signal?: AbortSignal): Promise<InviteListResponse> {
  return apiRequest<InviteListResponse>('/admin/invites', { signal });
}

export function useInvites() {
  return useQuery({
    queryKey: communityKeys.invites,
    queryFn: ({ signal }) => listInvites(signal),
    select: (response) => response.invites,
  });
}
