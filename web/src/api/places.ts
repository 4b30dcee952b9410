import type { PlaceSearchResponse, PlaceSummary } from '@swapyard/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceSuggestions } from '../components/place-suggestions.ts';
import { apiRequest } from '../lib/api-client.ts';
import { placeKeys } from '../lib/query-keys.ts';

export async function searchPlaces(text: string, signal?: AbortSignal): Promise<PlaceSummary[]> {
  const { places } = await apiRequest<PlaceSearchResponse>(`/places?q=${encodeURIComponent(text)}`, { signal });
  return places;
}

export function placeSearchQuery(text: string) {
  return queryOptions({
    queryKey: placeKeys.search(text),
    queryFn: ({ signal }) => searchPlaces(text, signal),
    enabled: text !== '',
    // The towns are the release's: an answer stays right for as long as the tab is open.
    staleTime: Infinity,
    // Kept out of the persisted cache: every few letters typed would otherwise be saved to disk.
    meta: { persist: false },
  });
}

/** What the place picker shows for the (settled) text typed; the previous answer stays while the next loads. */
export function usePlaceSuggestions(text: string): PlaceSuggestions {
  const query = useQuery({ ...placeSearchQuery(text), placeholderData: keepPreviousData });
  return { places: text === '' ? [] : (query.data ?? []), searching: query.isFetching, failed: query.isError };
}
