import type { Proposal, ProposalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys, proposalKeys } from '../../../lib/query-keys.ts';

export async function cancelProposal(id: string): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });
  return proposal;
}

export function useCancelProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelProposal,
    onSuccess: (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      void queryClient.invalidateQueries({ queryKey: proposalKeys.lists });
    },
    onError: (_error, id) => {
      // Usually answered meanwhile: show where it stands now.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
