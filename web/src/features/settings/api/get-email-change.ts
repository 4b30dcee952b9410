import type { EmailChangeResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { accountKeys } from '../../../lib/query-keys.ts';

export function getEmailChange(signal?: AbortSignal): Promise<EmailChangeResponse> {
  return apiRequest<EmailChangeResponse>('/me/email-change', { signal });
}

/** The address the member asked to move to and has not confirmed yet, if any. */
export const emailChangeQuery = queryOptions({
  queryKey: accountKeys.emailChange,
  queryFn: ({ signal }) => getEmailChange(signal),
  // The link is often opened on another device: coming back to this page must not keep showing
  // a change that was confirmed (or cancelled) there since.
  staleTime: 0,
});

export function useEmailChange() {
  return useQuery(emailChangeQuery);
}
