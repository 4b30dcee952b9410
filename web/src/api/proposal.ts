// Shared: the proposal page shows it, and Accept's confirmation in the notifications list states what it moves.

import type { Proposal, ProposalResponse } from '@swapyard/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { proposalKeys } from '../lib/query-keys.ts';

export async function getProposal(id: string, signal?: AbortSignal): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(id)}`, { signal });
  return proposal;
}

export function proposalQuery(id: string) {
  return queryOptions({
    queryKey: proposalKeys.detail(id),
    queryFn: ({ signal }) => getProposal(id, signal),
  });
}

export function useProposal(id: string) {
  return useQuery(proposalQuery(id));
}
