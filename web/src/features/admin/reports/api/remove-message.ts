import { apiRequest } from '../../../../lib/api-client.ts';

export function removeMessage(messageId: string, reason: string): Promise<undefined> {
  return apiRequest<undefined>(`/admin/messages/${encodeURIComponent(messageId)}/remove`, { method: 'POST', body: { reason } });
}
