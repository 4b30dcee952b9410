import type { PointEntryPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { historyKeys } from '../../../lib/query-keys.ts';

export function listEntries(cursor: string | undefined, signal?: AbortSignal): Promise<PointEntryPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<PointEntryPage>(`/points/entries${query}`, { signal });
}

/** The member's own ledger, newest first. */
export const entriesQuery = infiniteQueryOptions({
  queryKey: historyKeys.entries,
  queryFn: ({ pageParam, signal }) => listEntries(pageParam, signal),
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useEntries() {
  return useInfiniteQuery(entriesQuery);
}
