import type { MeResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { rememberMember } from './remember-member.ts';

export function updatePhoto(photo: File): Promise<MeResponse> {
  const form = new FormData();
  form.set('photo', photo, photo.name);
  return apiRequest<MeResponse>('/me/photo', { method: 'PUT', body: form });
}

export function useUpdatePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhoto,
    onSuccess: ({ user }) => {
      rememberMember(queryClient, user);
    },
  });
}
