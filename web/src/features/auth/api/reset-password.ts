import type { MessageResponse, ResetPasswordBody } from '@swapyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
