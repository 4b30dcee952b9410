import type { ReportBody } from '@swapyard/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';

/* Listings, profiles and chats all offer Report, so the call lives here rather than in one of their features. */
export function sendReport(body: ReportBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/reports', { method: 'POST', body });
}

export function useReport() {
  return useMutation({ mutationFn: sendReport });
}
