import type { PushStatusResponse, PushSubscriptionBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pushSubscriptionQuery } from './get-push-subscription.ts';

/** Makes the browser's subscription this device's on the server. */
export function savePushSubscription(subscription: PushSubscriptionBody): Promise<PushStatusResponse> {
  return apiRequest<PushStatusResponse>('/push/subscriptions', { method: 'POST', body: subscription });
}

export function useSavePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePushSubscription,
    onSuccess: (status) => queryClient.setQueryData(pushSubscriptionQuery.queryKey, status),
  });
}
