import { apiRequest } from '../../../../lib/api-client.ts';

export function hideListing(itemId: string, reason: string): Promise<undefined> {
  return apiRequest<undefined>(`/admin/items/${encodeURIComponent(itemId)}/hide`, { method: 'POST', body: { reason } });
}
