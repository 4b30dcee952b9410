import { TEXT, type Proposal, type ProposalResponse } from '@swapyard/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, apiRequest, errorMessage } from '../lib/api-client.ts';
import { currentUserQuery } from '../lib/current-user.ts';
import { historyKeys, itemKeys, notificationKeys, proposalKeys } from '../lib/query-keys.ts';
import { randomId } from '../lib/random-id.ts';
import { toast } from '../lib/toast.ts';
import { proposalQuery } from './proposal.ts';

/*
 * Accept and Decline are offered both on the proposal page and in the notifications list, so the
 * calls and what they refresh live here rather than in either feature.
 */

export interface AcceptVariables {
  id: string;
  /** Made once per click and reused by retries, so a lost answer never swaps twice. */
  idempotencyKey: string;
}

export async function acceptProposal({ id, idempotencyKey }: AcceptVariables): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(id)}/accept`, {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return proposal;
}

export async function declineProposal(id: string): Promise<Proposal> {
  const { proposal } = await apiRequest<ProposalResponse>(`/proposals/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
  });
  return proposal;
}

/** The answer is shown at once; whatever else it changed refetches. */
function showAnswer(queryClient: QueryClient, proposal: Proposal, changed: readonly QueryKey[]): void {
  queryClient.setQueryData(proposalKeys.detail(proposal.id), proposal);
  for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
}

/** A refused answer usually means the proposal moved on elsewhere: show where it stands now. */
function refreshProposal(queryClient: QueryClient, id: string): void {
  void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(id) });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

function useAcceptProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptProposal,
    // Safe to repeat with the same key: the server answers a repeat with its first answer.
    retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status < 500),
    onSuccess: (proposal) => {
      // Points moved, both items are swapped, other proposals for them were declined, and the
      // notification lost its Accept and Decline.
      showAnswer(queryClient, proposal, [
        proposalKeys.all,
        notificationKeys.all,
        currentUserQuery.queryKey,
        itemKeys.all,
        historyKeys.all,
      ]);
    },
    onError: (_error, { id }) => {
      refreshProposal(queryClient, id);
    },
  });
}

function useDeclineProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineProposal,
    onSuccess: (proposal) => {
      showAnswer(queryClient, proposal, [proposalKeys.lists, notificationKeys.all]);
    },
    onError: (_error, id) => {
      refreshProposal(queryClient, id);
    },
  });
}

/**
 * Accept (after a confirmation) and Decline for one proposal, with their toasts. The proposal is
 * read only when the confirmation opens, so a list of notifications does not fetch each one.
 */
export function useProposalAnswers(id: string, { onAccepted }: { onAccepted?: () => void } = {}) {
  const [confirming, setConfirming] = useState(false);
  const { data: proposal } = useQuery({ ...proposalQuery(id), enabled: confirming });
  const acceptMutation = useAcceptProposal();
  const declineMutation = useDeclineProposal();
  const stopConfirming = () => {
    setConfirming(false);
  };

  return {
    proposal,
    confirming,
    askToAccept: () => {
      setConfirming(true);
    },
    stopConfirming,
    accept: () => {
      acceptMutation.mutate(
        { id, idempotencyKey: randomId() },
        {
          onSuccess: () => {
            toast.success(TEXT.proposals.accepted);
            onAccepted?.();
          },
          onError: (error) => {
            toast.error(errorMessage(error, TEXT.proposals.acceptFailed));
          },
          onSettled: stopConfirming,
        },
      );
    },
    decline: () => {
      declineMutation.mutate(id, {
        onSuccess: () => {
          toast.success(TEXT.proposals.declined);
        },
        onError: (error) => {
          toast.error(errorMessage(error, TEXT.proposals.declineFailed));
        },
      });
    },
    accepting: acceptMutation.isPending,
    declining: declineMutation.isPending,
  };
}
