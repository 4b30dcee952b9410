import type { SavedSearchResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from '../../../lib/query-keys.ts';

export function renameSavedSearch({ id, name }: { id: string; name: string }): Promise<SavedSearchResponse> {
  return apiRequest<SavedSearchResponse>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name } });
}

export function useRenameSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
