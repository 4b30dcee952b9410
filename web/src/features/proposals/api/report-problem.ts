import type { SwapProblem, SwapProblemBody } from '@swapyard/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { proposalKeys } from '../../../lib/query-keys.ts';
import { uploadForm } from '../../../lib/upload.ts';

export interface ProblemReport {
  proposalId: string;
  body: SwapProblemBody;
  photos: readonly File[];
}

/** With photos the report goes as a multipart form to its own route, as a chat message with an image does. */
export async function reportProblem({ proposalId, body, photos }: ProblemReport): Promise<SwapProblem> {
  const path = `/proposals/${encodeURIComponent(proposalId)}/problems`;
  if (photos.length === 0) return (await apiRequest<{ problem: SwapProblem }>(path, { method: 'POST', body })).problem;
  const form = new FormData();
  form.append('reason', body.reason);
  form.append('note', body.note ?? '');
  for (const photo of photos) form.append('photos', photo);
  return (await uploadForm<{ problem: SwapProblem }>('POST', `${path}/with-photos`, form)).problem;
}

export function useReportProblem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportProblem,
    onSettled: (_problem, _error, { proposalId }) => queryClient.invalidateQueries({ queryKey: proposalKeys.problems(proposalId) }),
  });
}
