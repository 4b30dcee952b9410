import type { Proposal, ProposalResponse, RatingBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys, userKeys } from '../../../lib/query-keys.ts';

export interface RateVariables {
  proposalId: string;
  /** The member being rated, whose profile shows the new average. */
  rateeId: string;
  body: RatingBody;
}

export async function rateProposal({ proposalId, body }: RateVariables): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(proposalId)}/rating`, {
    method: 'POST',
    body,
  });
  return proposal;
}

export function useRateProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rateProposal,
    onSuccess: (proposal, { rateeId }) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(rateeId) });
    },
    onError: (_error, { proposalId }) => {
      // Already rated (in another tab, say): the page then shows the rating instead of the form.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(proposalId) });
    },
  });
}
