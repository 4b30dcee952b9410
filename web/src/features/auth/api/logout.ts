import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { resetSession } from '../../../lib/current-user.ts';

export async function logout(): Promise<void> {
  try {
    await apiRequest<undefined>('/auth/logout', { method: 'POST' });
  } catch (error) {
    // Already signed out (expired, or ended in another tab): the member got what they asked for.
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      resetSession(queryClient, null);
    },
  });
}
