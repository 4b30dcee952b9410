import { TEXT, type Proposal, type ProposalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { notificationKeys, proposalKeys } from '../lib/query-keys.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { toast } from '../lib/toast.ts';

// Shared: Cancel is offered on the proposal page and on the proposal's card in a chat.

export async function cancelProposal(id: string): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  });
  return proposal;
}

function useCancelProposal() {
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

/** Cancel for one offer of the viewer's own, after a confirmation, with its toasts; worded for a first proposal or a counter. */
export function useProposalCancel(proposal: Proposal) {
  const t = WEB_TEXT.answers;
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelProposal();
  const stopConfirming = () => {
    setConfirming(false);
  };
  return {
    label: proposal.counteredFromId ? t.cancelOffer : t.cancelProposal,
    body: proposal.counteredFromId ? t.cancelOfferBody : t.cancelBody,
    confirming,
    askToCancel: () => {
      setConfirming(true);
    },
    stopConfirming,
    cancel: () => {
      cancel.mutate(proposal.id, {
        onSuccess: () => {
          toast.success(TEXT.proposals.cancelled);
        },
        onError: (error) => {
          toast.error(errorMessage(error, t.cancelFailed));
        },
        onSettled: stopConfirming,
      });
    },
    cancelling: cancel.isPending,
  };
}
