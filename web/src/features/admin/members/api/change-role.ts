import type { AdminMemberResponse, Role, RoleChangeBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { adminMemberKeys, sessionKeys } from '../../../../lib/query-keys.ts';

export function changeRole(id: string, body: RoleChangeBody): Promise<AdminMemberResponse> {
  return apiRequest<AdminMemberResponse>(`/admin/members/${id}/role`, { method: 'PUT', body });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) => changeRole(id, { role }),
    onSuccess: async () => {
      // An admin who stepped down sees their own role change too: the navigation and these pages follow it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminMemberKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
      ]);
    },
  });
}
