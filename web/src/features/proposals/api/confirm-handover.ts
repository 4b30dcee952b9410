import type { Proposal, ProposalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';

export async function confirmHandover(proposalId: string): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(proposalId)}/handover/confirm`, {
    method: 'POST',
  });
  return proposal;
}

export function useConfirmHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmHandover,
    onSuccess: (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      // A completed swap reads Completed in the lists too.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.lists });
    },
    onError: (_error, proposalId) => {
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(proposalId) });
    },
  });
}
