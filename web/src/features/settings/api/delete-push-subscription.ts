import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { pushSubscriptionQuery } from './get-push-subscription.ts';

/** Removes this device's subscription on the server: nothing more is pushed to it. */
export function deletePushSubscription(): Promise<undefined> {
  return apiRequest<undefined>('/push/subscriptions', { method: 'DELETE' });
}

export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePushSubscription,
    onSuccess: () => queryClient.setQueryData(pushSubscriptionQuery.queryKey, { endpoint: null }),
  });
}
