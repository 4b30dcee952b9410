import { TEXT } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { itemKeys } from '../lib/query-keys.ts';
import { toast } from '../lib/toast.ts';

/*
 * Save and unsave a listing: the heart on the marketplace's cards, on the item page and on
 * Favourites, so the calls live here rather than in any of those features.
 */

export function saveFavourite(itemId: string): Promise<undefined> {
  return apiRequest<undefined>(`/items/${encodeURIComponent(itemId)}/favourite`, { method: 'PUT' });
}

export function unsaveFavourite(itemId: string): Promise<undefined> {
  return apiRequest<undefined>(`/items/${encodeURIComponent(itemId)}/favourite`, { method: 'DELETE' });
}

/**
 * Any cached answer about listings with the item marked saved or not: an item page's item, a page
 * of cards, or an infinite query's pages of them. Anything else comes back as it was.
 */
export function markFavourited(data: unknown, itemId: string, favourited: boolean): unknown {
  if (typeof data !== 'object' || data === null) return data;
  if ('pages' in data && Array.isArray(data.pages)) {
    return { ...data, pages: data.pages.map((page: unknown) => markFavourited(page, itemId, favourited)) };
  }
  if ('items' in data && Array.isArray(data.items)) {
    return { ...data, items: data.items.map((item: unknown) => markFavourited(item, itemId, favourited)) };
  }
  if ('id' in data && data.id === itemId && 'favourited' in data) return { ...data, favourited };
  return data;
}

/**
 * The heart at once, everywhere the listing is shown; the server's answer only matters when it
 * fails, which puts the heart back and says why. Favourites reads the list again when next opened.
 */
export function useFavouriteToggle() {
  const queryClient = useQueryClient();
  const show = (itemId: string, favourited: boolean) => {
    queryClient.setQueriesData({ queryKey: itemKeys.all }, (data: unknown) => markFavourited(data, itemId, favourited));
  };
  return useMutation({
    mutationFn: ({ itemId, favourited }: { itemId: string; favourited: boolean }) =>
      favourited ? saveFavourite(itemId) : unsaveFavourite(itemId),
    onMutate: async ({ itemId, favourited }) => {
      // An answer read before the click must not land over it; lists still loading are left to load.
      await queryClient.cancelQueries({ queryKey: itemKeys.all, predicate: (query) => query.state.data !== undefined });
      show(itemId, favourited);
    },
    onError: (error, { itemId, favourited }) => {
      show(itemId, !favourited);
      toast.error(errorMessage(error, favourited ? TEXT.favourites.saveFailed : TEXT.favourites.unsaveFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: itemKeys.favourites, refetchType: 'none' }),
  });
}
