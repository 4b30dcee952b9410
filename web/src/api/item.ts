import type { ItemDetail, ItemResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { itemKeys } from '../lib/query-keys.ts';

export async function getItem(id: string, signal?: AbortSignal): Promise<ItemDetail> {
  const { item } = await apiRequest<ItemResponse>(`/items/${encodeURIComponent(id)}`, { signal });
  return item;
}

export function itemQuery(id: string) {
  return queryOptions({
    queryKey: itemKeys.detail(id),
    queryFn: ({ signal }) => getItem(id, signal),
  });
}

export function useItem(id: string) {
  return useQuery(itemQuery(id));
}
