import type { BlockList } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { blockKeys } from '../lib/query-keys.ts';

// Shared: settings lists them, and a profile or a chat asks whether its member is among them.

export function getBlockedMembers(signal?: AbortSignal): Promise<BlockList> {
  return apiRequest<BlockList>('/blocks', { signal });
}

export const blockedMembersQuery = queryOptions({
  queryKey: blockKeys.list,
  queryFn: ({ signal }) => getBlockedMembers(signal),
  select: (list) => list.blocks,
});

export function useBlockedMembers() {
  return useQuery(blockedMembersQuery);
}
