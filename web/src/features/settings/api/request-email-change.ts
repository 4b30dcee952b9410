import type { EmailChangeBody, EmailChangeResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailChangeQuery } from './get-email-change.ts';

export function requestEmailChange(body: EmailChangeBody): Promise<EmailChangeResponse> {
  return apiRequest<EmailChangeResponse>('/me/email-change', { method: 'POST', body });
}

export function useRequestEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestEmailChange,
    onSuccess: (answer) => {
      queryClient.setQueryData(emailChangeQuery.queryKey, answer);
    },
  });
}
