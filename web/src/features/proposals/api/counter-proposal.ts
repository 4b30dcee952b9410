import type { Proposal, ProposalCounterBody, ProposalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { itemKeys, notificationKeys, proposalKeys } from '../../../lib/query-keys.ts';

export interface CounterVariables {
  /** The offer being answered. */
  id: string;
  body: ProposalCounterBody;
}

export async function counterProposal({ id, body }: CounterVariables): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(id)}/counter`, {
    method: 'POST',
    body,
  });
  return proposal;
}

export function useCounterProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: counterProposal,
    onSuccess: (proposal, { id }) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
      // The answered offer is now countered, and its notification lost its Accept and Decline.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: proposalKeys.lists });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: (_error, { id }) => {
      // Answered meanwhile, or an item went: show where things stand now.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: itemKeys.all });
    },
  });
}
