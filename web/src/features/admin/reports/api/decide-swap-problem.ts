import type { SwapReversalResponse } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client.ts';
import { itemKeys, moderationKeys } from '../../../../lib/query-keys.ts';

export type SwapProblemDecision = 'dismiss' | 'reverse';

export interface SwapProblemDecisionInput {
  problemId: string;
  decision: SwapProblemDecision;
  reason: string;
}

/** Dismiss answers with nothing; a reversal with what moved and the shortfall. */
export function decideSwapProblem({ problemId, decision, reason }: SwapProblemDecisionInput): Promise<SwapReversalResponse | undefined> {
  return apiRequest<SwapReversalResponse | undefined>(`/admin/swap-problems/${encodeURIComponent(problemId)}/${decision}`, {
    method: 'POST',
    body: { reason },
  });
}

export function useDecideSwapProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSwapProblem,
    onSuccess: async (_, { decision }) => {
      // A reversal puts the items back in the marketplace.
      if (decision === 'reverse') void queryClient.invalidateQueries({ queryKey: itemKeys.all });
      await queryClient.invalidateQueries({ queryKey: moderationKeys.all });
    },
  });
}
