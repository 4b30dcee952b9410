import type { DismissBody } from '@swapyard/contract';
import { apiRequest } from '../../../../lib/api-client.ts';

export function warnMember(body: DismissBody): Promise<undefined> {
  return apiRequest<undefined>('/admin/reports/warn', { method: 'POST', body });
}
