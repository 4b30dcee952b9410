import type { PushKeyResponse } from '@swapyard/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's VAPID public key, asked for when the member turns notifications on. */
export function getPushKey(): Promise<PushKeyResponse> {
  return apiRequest<PushKeyResponse>('/push/key');
}
