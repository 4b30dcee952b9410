import type { ProposalPage } from '@swapyard/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys, type ProposalBox } from '../../../lib/query-keys.ts';

export function listProposals(box: ProposalBox, cursor: string | undefined, signal?: AbortSignal): Promise<ProposalPage> {
  const query = new URLSearchParams({ box });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<ProposalPage>(`/proposals?${query.toString()}`, { signal });
}

export function proposalsQuery(box: ProposalBox) {
  return infiniteQueryOptions({
    queryKey: proposalKeys.list(box),
    queryFn: ({ pageParam, signal }) => listProposals(box, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useProposals(box: ProposalBox) {
  return useInfiniteQuery(proposalsQuery(box));
}
