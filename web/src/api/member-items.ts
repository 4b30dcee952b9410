import type { ItemPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { itemKeys } from '../lib/query-keys.ts';

export function getMemberItems(memberId: string, cursor: string | null, signal?: AbortSignal): Promise<ItemPage> {
  const search = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<ItemPage>(`/users/${encodeURIComponent(memberId)}/items${search}`, { signal });
}

/** A member's items of every status: their profile lists them, the offer picker keeps the available ones. */
export function memberItemsQuery(memberId: string) {
  return infiniteQueryOptions({
    queryKey: itemKeys.byOwner(memberId),
    queryFn: ({ pageParam, signal }) => getMemberItems(memberId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMemberItems(memberId: string) {
  return useInfiniteQuery(memberItemsQuery(memberId));
}
