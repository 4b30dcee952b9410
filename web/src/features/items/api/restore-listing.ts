import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

export function restoreListing({ id, reason }: { id: string; reason: string }): Promise<undefined> {
  return apiRequest<undefined>(`/admin/items/${encodeURIComponent(id)}/restore`, { method: 'POST', body: { reason } });
}

export function useRestoreListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
  });
}
