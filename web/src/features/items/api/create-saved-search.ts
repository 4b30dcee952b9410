import type { SavedSearchCreateBody, SavedSearchResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from '../../../lib/query-keys.ts';

export function createSavedSearch(body: SavedSearchCreateBody): Promise<SavedSearchResponse> {
  return apiRequest<SavedSearchResponse>('/saved-searches', { method: 'POST', body });
}

export function useCreateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
