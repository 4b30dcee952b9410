import type { ProposalProblems } from '@swapyard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';

export function getProposalProblems(proposalId: string, signal?: AbortSignal): Promise<ProposalProblems> {
  return apiRequest<ProposalProblems>(`/proposals/${encodeURIComponent(proposalId)}/problems`, { signal });
}

/** Only a swap that happened can have problems: pending and closed proposals never ask. */
export function useProposalProblems(proposalId: string, enabled: boolean) {
  return useQuery({
    queryKey: proposalKeys.problems(proposalId),
    queryFn: ({ signal }) => getProposalProblems(proposalId, signal),
    enabled,
  });
}
