import type { InviteCheckResponse } from '@swapyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { communityKeys } from '../../../lib/query-keys.ts';

export function checkInvite(token: string, signal?: AbortSignal): Promise<InviteCheckResponse> {
  return apiRequest<InviteCheckResponse>(`/invites/${encodeURIComponent(token)}`, { signal });
}

/** Whether the invite link the page was opened with can still be used; asked only when there is one. */
export function useInviteCheck(token: string | undefined) {
  return useQuery({
    queryKey: communityKeys.invite(token ?? ''),
    queryFn: ({ signal }) => checkInvite(token!, signal),
    enabled: token !== undefined,
    select: (response) => response.status,
  });
}
