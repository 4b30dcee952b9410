import type { SavedSearchResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from '../../../lib/query-keys.ts';

/** Marks the search opened (its matches so far are no longer new) and answers its filters. */
export function openSavedSearch(id: string): Promise<SavedSearchResponse> {
  return apiRequest<SavedSearchResponse>(`/saved-searches/${encodeURIComponent(id)}/open`, { method: 'POST' });
}

export function useOpenSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
