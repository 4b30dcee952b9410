import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemKeys, userKeys } from '../../../lib/query-keys.ts';

export interface DeleteItemInput {
  id: string;
  ownerId: string;
}

export function deleteItem({ id }: DeleteItemInput): Promise<void> {
  return apiRequest<undefined>(`/items/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_, { ownerId }) => {
      // Not refetched now: the page still showing the item would only find it gone.
      void queryClient.invalidateQueries({ queryKey: itemKeys.all, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(ownerId) });
    },
  });
}
