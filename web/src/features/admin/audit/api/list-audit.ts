import type { AuditPage } from '@swapyard/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { moderationKeys } from '../../../../lib/query-keys.ts';

export interface AuditFilters {
  actorId: string;
  targetUserId: string;
}

export function listAudit(filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal): Promise<AuditPage> {
  const query = new URLSearchParams(
    Object.entries({ ...filters, cursor: cursor ?? '' }).filter(([, value]) => value !== ''),
  ).toString();
  return apiRequest<AuditPage>(`/admin/audit${query ? `?${query}` : ''}`, { signal });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: moderationKeys.audit(filters.actorId, filters.targetUserId),
    queryFn: ({ pageParam, signal }) => listAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
