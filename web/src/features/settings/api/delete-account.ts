import type { DeleteAccountBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { resetSession } from '../../../lib/current-user.ts';

export function deleteAccount(body: DeleteAccountBody): Promise<undefined> {
  return apiRequest<undefined>('/me/delete', { method: 'POST', body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      resetSession(queryClient, null);
    },
  });
}
