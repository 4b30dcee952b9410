import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { deviceKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { SETTINGS_TEXT } from '../texts.ts';

const t = SETTINGS_TEXT.devices;

/** Ends another session of the member; the server closes that tab's socket and it goes to /login. */
export function signOutDevice(id: string): Promise<undefined> {
  return apiRequest<undefined>(`/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Signing devices out, one or every other: the same toasts, and the list refreshed either way. */
export function useDeviceSignOut<T>(mutationFn: (variables: T) => Promise<undefined>, doneText: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => toast.success(doneText),
    onError: (error) => toast.error(errorMessage(error, t.signOutFailed)),
    // Also after a 404: the device was already gone, and the list should say so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.list }),
  });
}

export function useSignOutDevice() {
  return useDeviceSignOut(signOutDevice, t.signedOut);
}
