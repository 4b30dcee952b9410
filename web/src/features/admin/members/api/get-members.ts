import type { AdminMemberPage } from '@swapyard/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminMemberKeys } from '../../../../lib/query-keys.ts';

export function getMembers(q: string, cursor: string, signal?: AbortSignal): Promise<AdminMemberPage> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  return apiRequest<AdminMemberPage>(`/admin/members${search}`, { signal });
}

export function membersQuery(q: string) {
  return infiniteQueryOptions({
    queryKey: adminMemberKeys.list(q),
    queryFn: ({ pageParam, signal }) => getMembers(q, pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useMembers(q: string) {
  // A new search keeps the rows shown until its answer arrives, so the list does not blink.
  return useInfiniteQuery({ ...membersQuery(q), placeholderData: keepPreviousData });
}
