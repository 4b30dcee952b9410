import type { MarketplacePage } from '@swapyard/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { markListingsShown } from '../../../lib/new-listings.ts';
import { itemKeys, type MarketplaceFilters } from '../../../lib/query-keys.ts';

export function getItems(filters: MarketplaceFilters, cursor: string | null, signal?: AbortSignal): Promise<MarketplacePage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && !(name === 'type' && value === 'all')) params.set(name, String(value));
  }
  if (cursor) params.set('cursor', cursor);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest<MarketplacePage>(`/items${search}`, { signal });
}

export function itemsQuery(filters: MarketplaceFilters) {
  return infiniteQueryOptions({
    queryKey: itemKeys.list(filters),
    queryFn: ({ pageParam, signal }) => {
      // A first page shows every listing made before it was asked for: no need to offer them again.
      if (pageParam === null) markListingsShown();
      return getItems(filters, pageParam, signal);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useItems(filters: MarketplaceFilters) {
  // Changing a filter keeps the old cards until the new ones arrive, so the page does not blink.
  return useInfiniteQuery({ ...itemsQuery(filters), placeholderData: keepPreviousData });
}
