import type { DeviceSessionsResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { deviceKeys } from '../../../lib/query-keys.ts';

export function listDevices(signal?: AbortSignal): Promise<DeviceSessionsResponse> {
  return apiRequest<DeviceSessionsResponse>('/me/sessions', { signal });
}

export const devicesQuery = queryOptions({
  queryKey: deviceKeys.list,
  queryFn: ({ signal }) => listDevices(signal),
  select: (response) => response.sessions,
});

export function useDevices() {
  return useQuery(devicesQuery);
}
