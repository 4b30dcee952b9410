import { DASHBOARD_RECENT_ITEMS, type ItemCard, type ItemPage } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemKeys } from '../../../lib/query-keys.ts';

export async function getRecentItems(signal?: AbortSignal): Promise<ItemCard[]> {
  const { items } = await apiRequest<ItemPage>(`/items?limit=${String(DASHBOARD_RECENT_ITEMS)}`, { signal });
  return items;
}

export const recentItemsQuery = queryOptions({
  queryKey: itemKeys.recent,
  queryFn: ({ signal }) => getRecentItems(signal),
});

export function useRecentItems() {
  return useQuery(recentItemsQuery);
}
