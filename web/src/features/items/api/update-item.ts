import type { ItemDetail, ItemResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys } from '../../../lib/query-keys.ts';
import { uploadForm, type UploadOptions } from '../../../lib/upload.ts';
import { itemFormData, type ItemSubmission } from './item-form-data.ts';

export type UpdateItemInput = ItemSubmission & UploadOptions & { id: string };

export async function updateItem({ id, fields, images, ...options }: UpdateItemInput): Promise<ItemDetail> {
  const { form, order } = itemFormData({ fields, images });
  form.set('imageOrder', JSON.stringify(order));
  const { item } = await uploadForm<ItemResponse>('PUT', `/items/${encodeURIComponent(id)}`, form, options);
  return item;
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: (item) => {
      // No list is on screen while the form is: they refetch when shown. The answer is the new detail.
      void queryClient.invalidateQueries({ queryKey: itemKeys.all, refetchType: 'none' });
      queryClient.setQueryData(itemKeys.detail(item.id), item);
    },
  });
}
