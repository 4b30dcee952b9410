import type { Proposal, ProposalPage } from '@swapyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';

/** The member's own pending proposal for an item, if any: a second one would be refused. */
export async function findPendingProposal(itemId: string, signal?: AbortSignal): Promise<Proposal | null> {
  const query = new URLSearchParams({ box: 'sent', itemId, status: 'pending', limit: '1' });
  const { proposals } = await apiRequest<ProposalPage>(`/proposals?${query.toString()}`, { signal });
  return proposals[0] ?? null;
}

export function usePendingProposal(itemId: string) {
  return useQuery({
    queryKey: proposalKeys.pendingFor(itemId),
    queryFn: ({ signal }) => findPendingProposal(itemId, signal),
  });
}
