import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { emailChangeQuery } from './get-email-change.ts';

export function cancelEmailChange(): Promise<void> {
  return apiRequest<void>('/me/email-change', { method: 'DELETE' });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: () => {
      queryClient.setQueryData(emailChangeQuery.queryKey, { pending: null });
    },
  });
}
