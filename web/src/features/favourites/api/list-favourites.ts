import type { FavouritePage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

export function listFavourites(cursor: string | undefined, signal?: AbortSignal): Promise<FavouritePage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<FavouritePage>(`/favourites${query}`, { signal });
}

/** Newest saved first, as the server orders them. */
export const favouritesQuery = infiniteQueryOptions({
  queryKey: itemKeys.favourites,
  queryFn: ({ pageParam, signal }) => listFavourites(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useFavourites() {
  return useInfiniteQuery(favouritesQuery);
}
