import type { loginBody, MeResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { resetSession } from '../../../lib/current-user.ts';

export type LoginInput = z.output<typeof loginBody>;

export function login(body: LoginInput): Promise<MeResponse> {
  return apiRequest<MeResponse>('/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      resetSession(queryClient, user);
    },
  });
}
