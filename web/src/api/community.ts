import type { CommunityResponse, PublicCommunity } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { communityKeys } from '../lib/query-keys.ts';
import { WEB_TEXT } from '../lib/texts.ts';

/*
 * The shell's header, the tab's title and the sign-in pages all show the community, so it lives
 * here, not in a feature. It changes only when an admin saves the settings (which refreshes it).
 */
export const communityQuery = queryOptions({
  queryKey: communityKeys.public,
  queryFn: ({ signal }) => apiRequest<CommunityResponse>('/community', { signal }),
  select: (response) => response.community,
  staleTime: 5 * 60_000,
});

export function useCommunity(): PublicCommunity | undefined {
  return useQuery(communityQuery).data;
}

/** The name the community goes by; the product's own until the settings have loaded. */
export function useCommunityName(): string {
  return useCommunity()?.name ?? WEB_TEXT.brand;
}
