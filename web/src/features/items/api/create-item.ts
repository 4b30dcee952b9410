import type { ItemDetail, ItemResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { itemKeys, userKeys } from '../../../lib/query-keys.ts';
import { uploadForm, type UploadOptions } from '../../../lib/upload.ts';
import { itemFormData, type ItemSubmission } from './item-form-data.ts';

export type CreateItemInput = ItemSubmission & UploadOptions;

export async function createItem({ fields, images, ...options }: CreateItemInput): Promise<ItemDetail> {
  const { form } = itemFormData({ fields, images });
  const { item } = await uploadForm<ItemResponse>('POST', '/items', form, options);
  return item;
}

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createItem,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      // The owner's profile counts their items.
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(item.ownerId) });
    },
  });
}
