import type { ForgotPasswordBody, MessageResponse } from '@swapyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
