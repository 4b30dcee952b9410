import type { UnsubscribeResponse } from '@swapyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The same one-click POST a mail provider makes; the token alone is the permission, so it works signed out. */
export function unsubscribe(token: string): Promise<UnsubscribeResponse> {
  return apiRequest<UnsubscribeResponse>(`/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
