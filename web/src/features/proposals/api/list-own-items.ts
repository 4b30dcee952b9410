import type { ItemPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

export function listOwnItems(userId: string, cursor: string | undefined, signal?: AbortSignal): Promise<ItemPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<ItemPage>(`/users/${encodeURIComponent(userId)}/items${query}`, { signal });
}

/** The member's items of every status; the offer picker keeps the available ones. */
export function useOwnItems(userId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...itemKeys.all, 'offerable', userId],
      queryFn: ({ pageParam, signal }) => listOwnItems(userId, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
