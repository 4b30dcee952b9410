import type { HandoverBody, Proposal, ProposalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';

export interface ArrangeVariables {
  proposalId: string;
  body: HandoverBody;
}

export async function arrangeHandover({ proposalId, body }: ArrangeVariables): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(proposalId)}/handover`, {
    method: 'PUT',
    body,
  });
  return proposal;
}

export function useArrangeHandover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: arrangeHandover,
    onSuccess: (proposal) => {
      queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
    },
    onError: (_error, { proposalId }) => {
      // Usually completed meanwhile by the other side: show where it stands now.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(proposalId) });
    },
  });
}
