import type { DismissBody } from '@swapyard/contract';
import { apiRequest } from '../../../../lib/api-client.ts';

export function dismissReports(body: DismissBody): Promise<undefined> {
  return apiRequest<undefined>('/admin/reports/dismiss', { method: 'POST', body });
}
