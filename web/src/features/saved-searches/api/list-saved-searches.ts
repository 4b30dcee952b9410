import type { SavedSearchList } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from '../../../lib/query-keys.ts';

export function listSavedSearches(signal?: AbortSignal): Promise<SavedSearchList> {
  return apiRequest<SavedSearchList>('/saved-searches', { signal });
}

/** Newest first; a member keeps few enough that one answer holds them all. */
export const savedSearchesQuery = queryOptions({
  queryKey: savedSearchKeys.all,
  queryFn: ({ signal }) => listSavedSearches(signal),
});

export function useSavedSearches() {
  return useQuery(savedSearchesQuery);
}
