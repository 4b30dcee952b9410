import type { RatingPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { userKeys } from '../lib/query-keys.ts';

export function listRatings(memberId: string, cursor: string | null, signal?: AbortSignal): Promise<RatingPage> {
  const search = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<RatingPage>(`/users/${encodeURIComponent(memberId)}/ratings${search}`, { signal });
}

export function ratingsQuery(memberId: string) {
  return infiniteQueryOptions({
    queryKey: userKeys.ratings(memberId),
    queryFn: ({ pageParam, signal }) => listRatings(memberId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useRatings(memberId: string) {
  return useInfiniteQuery(ratingsQuery(memberId));
}
