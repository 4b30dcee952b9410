import type { SwapProblem, SwapProblemBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';

export async function reportProblem({ proposalId, body }: { proposalId: string; body: SwapProblemBody }): Promise<SwapProblem> {
  const { problem } = await apiRequest<{ problem: SwapProblem }>(`/proposals/${encodeURIComponent(proposalId)}/problems`, {
    method: 'POST',
    body,
  });
  return problem;
}

export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProblem,
    onSettled: (_problem, _error, { proposalId }) => queryClient.invalidateQueries({ queryKey: proposalKeys.problems(proposalId) }),
  });
}
