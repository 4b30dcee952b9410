import type { LiftSuspensionBody, MemberDetailResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminMemberKeys, itemKeys } from '../../../../lib/query-keys.ts';

export function liftSuspension(id: string, body: LiftSuspensionBody): Promise<MemberDetailResponse> {
  return apiRequest<MemberDetailResponse>(`/admin/members/${id}/suspension/lift`, { method: 'POST', body });
}

export function useLiftSuspension(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LiftSuspensionBody) => liftSuspension(id, body),
    onSuccess: (response) => {
      queryClient.setQueryData(adminMemberKeys.detail(id), response);
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
