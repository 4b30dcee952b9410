import type { ItemPage, ItemStatus } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { itemKeys } from '../lib/query-keys.ts';

export function getMemberItems(
  memberId: string,
  status: ItemStatus | undefined,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ItemPage> {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest<ItemPage>(`/users/${encodeURIComponent(memberId)}/items${search}`, { signal });
}

/**
 * A member's items: of every status for their profile, of one for the offer picker, which asks
 * the server for the available ones so a member with many swapped items does not page through them.
 */
export function memberItemsQuery(memberId: string, status?: ItemStatus) {
  return infiniteQueryOptions({
    queryKey: status ? itemKeys.byOwnerInStatus(memberId, status) : itemKeys.byOwner(memberId),
    queryFn: ({ pageParam, signal }) => getMemberItems(memberId, status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMemberItems(memberId: string, status?: ItemStatus) {
  return useInfiniteQuery(memberItemsQuery(memberId, status));
}
