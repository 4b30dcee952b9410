import type { PushStatusResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pushKeys } from '../../../lib/query-keys.ts';

export function getPushSubscription(signal?: AbortSignal): Promise<PushStatusResponse> {
  return apiRequest<PushStatusResponse>('/push/subscriptions', { signal });
}

/** The endpoint the server keeps for this device (this session), if any. */
export const pushSubscriptionQuery = queryOptions({
  queryKey: pushKeys.device,
  queryFn: ({ signal }) => getPushSubscription(signal),
  // A push service that dropped the subscription removes it on the server: always ask again on opening.
  staleTime: 0,
});

export function usePushSubscription() {
  return useQuery(pushSubscriptionQuery);
}
