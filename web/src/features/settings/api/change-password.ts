import type { ChangePasswordBody } from '@swapyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordBody): Promise<void> {
  return apiRequest<void>('/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
