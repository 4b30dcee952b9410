import type { MemberDetailResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminMemberKeys } from '../../../../lib/query-keys.ts';

export function getMember(id: string, signal?: AbortSignal): Promise<MemberDetailResponse> {
  return apiRequest<MemberDetailResponse>(`/admin/members/${id}`, { signal });
}

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: adminMemberKeys.detail(id),
    queryFn: ({ signal }) => getMember(id, signal),
    select: (response) => response.member,
  });

export function useMember(id: string) {
  return useQuery(memberQuery(id));
}
