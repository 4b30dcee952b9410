import type { SwapProblemQueuePage } from '@swapyard/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { moderationKeys } from '../../../../lib/query-keys.ts';

export function listSwapProblems(cursor: string | undefined, signal?: AbortSignal): Promise<SwapProblemQueuePage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<SwapProblemQueuePage>(`/admin/swap-problems${query}`, { signal });
}

export function useSwapProblemQueue() {
  return useInfiniteQuery({
    queryKey: moderationKeys.swapProblems,
    queryFn: ({ pageParam, signal }) => listSwapProblems(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
