import type { ConfirmEmailBody, MessageResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys, sessionKeys } from '../../../lib/query-keys.ts';

export function confirmEmail(body: ConfirmEmailBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/confirm-email', { method: 'POST', body });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    // When this browser is signed in to the account, it shows the new address from now on.
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
      queryClient.invalidateQueries({ queryKey: accountKeys.emailChange }),
    ]),
  });
}
