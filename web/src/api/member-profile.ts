import type { ProfileResponse, PublicProfile } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { userKeys } from '../lib/query-keys.ts';

// Shared: the dashboard counts the member's items from it, an item page shows its owner's trust block, the profile page shows all of it.

export async function getMemberProfile(id: string, signal?: AbortSignal): Promise<PublicProfile> {
  const { profile } = await apiRequest<ProfileResponse>(`/users/${encodeURIComponent(id)}`, { signal });
  return profile;
}

export function memberProfileQuery(id: string) {
  return queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => getMemberProfile(id, signal),
  });
}

export function useMemberProfile(id: string) {
  return useQuery(memberProfileQuery(id));
}
