import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedSearchKeys } from '../../../lib/query-keys.ts';

export function deleteSavedSearch(id: string): Promise<undefined> {
  return apiRequest<undefined>(`/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
