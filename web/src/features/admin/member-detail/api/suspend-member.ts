import type { MemberDetailResponse, SuspendBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminMemberKeys, itemKeys } from '../../../../lib/query-keys.ts';

export function suspendMember(id: string, body: SuspendBody): Promise<MemberDetailResponse> {
  return apiRequest<MemberDetailResponse>(`/admin/members/${id}/suspension`, { method: 'POST', body });
}

export function useSuspendMember(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SuspendBody) => suspendMember(id, body),
    onSuccess: (response) => {
      queryClient.setQueryData(adminMemberKeys.detail(id), response);
      // Their listings leave the marketplace this tab may have cached.
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
