import type { ReportQueuePage } from '@swapyard/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { moderationKeys } from '../../../../lib/query-keys.ts';

export function listReports(cursor: string | undefined, signal?: AbortSignal): Promise<ReportQueuePage> {
  const query = cursor ? `?${new URLSearchParams({ cursor }).toString()}` : '';
  return apiRequest<ReportQueuePage>(`/admin/reports${query}`, { signal });
}

export function useReportQueue() {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue,
    queryFn: ({ pageParam, signal }) => listReports(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
