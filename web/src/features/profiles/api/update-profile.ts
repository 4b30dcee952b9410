import type { MeResponse, ProfileUpdateBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { rememberMember } from './remember-member.ts';

export function updateProfile(body: ProfileUpdateBody): Promise<MeResponse> {
  return apiRequest<MeResponse>('/me', { method: 'PATCH', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      rememberMember(queryClient, user);
    },
  });
}
