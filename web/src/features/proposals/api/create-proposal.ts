import type { Proposal, ProposalCreateBody, ProposalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { itemKeys, proposalKeys } from '../../../lib/query-keys.ts';

export async function createProposal(body: ProposalCreateBody): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>('/proposals', { method: 'POST', body });
  return proposal;
}

export function useCreateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProposal,
    onSuccess: (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      void queryClient.invalidateQueries({ queryKey: proposalKeys.lists });
    },
    onError: (error) => {
      // A conflict may mean the item, or the one offered, was swapped or withdrawn meanwhile:
      // the page then says so, or the picker drops it.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      }
    },
  });
}
