import {
  MAX_SWAP_PROBLEM_PHOTOS,
  proposalProblems,
  swapProblemBody,
  swapProblemDecisionBody,
  swapProblemQueuePage,
  swapProblemQueueQuery,
  swapProblemResponse,
  swapReversalResponse,
  TEXT,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import type { MemberLimits } from '../../plugins/rate-limit.ts';
import { requireRole, requireSession } from '../auth/authentication.ts';
import type { SwapProblemsService } from './service.ts';

const proposalParams = z.object({ id: z.uuid({ error: () => TEXT.proposals.notFound }) });
const problemParams = z.object({ id: z.uuid({ error: () => TEXT.swapProblems.notFound }) });

export function swapProblemRoutes(problems: SwapProblemsService, limits: MemberLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['swap problems'];

    api.post(
      '/api/proposals/:id/problems',
      { schema: { tags, params: proposalParams, body: swapProblemBody, response: { 201: swapProblemResponse } }, preHandler: limits.reports },
      async (request, reply) =>
        reply.code(201).send({ problem: await problems.report(requireSession(request), request.params.id, request.body) }),
    );

    // The same report with photos, as a chat message with an image has its own multipart route.
    api.post(
      '/api/proposals/:id/problems/with-photos',
      {
        schema: {
          tags,
          params: proposalParams,
          description: `multipart/form-data: reason, optional note, up to ${String(MAX_SWAP_PROBLEM_PHOTOS)} image files named photos`,
          response: { 201: swapProblemResponse },
        },
        preHandler: [limits.beforeUpload(), limits.reports],
      },
      async (request, reply) => {
        const form = await readMultipartForm(request, {
          maxFiles: MAX_SWAP_PROBLEM_PHOTOS,
          tooManyFiles: TEXT.swapProblems.tooManyPhotos({ max: MAX_SWAP_PROBLEM_PHOTOS }),
        });
        const body = swapProblemBody.safeParse(Object.fromEntries(form.fields));
        if (!body.success) throw badRequest(body.error.issues[0]?.message ?? TEXT.errors.invalidInput);
        return reply.code(201).send({ problem: await problems.report(requireSession(request), request.params.id, body.data, form.files) });
      },
    );

    api.get('/api/proposals/:id/problems', { schema: { tags, params: proposalParams, response: { 200: proposalProblems } } }, (request) =>
      problems.ofProposal(requireSession(request), request.params.id),
    );

    api.get(
      '/api/admin/swap-problems',
      { schema: { tags, querystring: swapProblemQueueQuery, response: { 200: swapProblemQueuePage } } },
      async (request) => {
        await requireRole(request, 'moderator');
        return problems.queue(request.query.cursor, request.query.limit);
      },
    );

    api.post(
      '/api/admin/swap-problems/:id/dismiss',
      { schema: { tags, params: problemParams, body: swapProblemDecisionBody } },
      async (request, reply) => {
        await problems.dismiss(await requireRole(request, 'moderator'), request.params.id, request.body.reason);
        return reply.code(204).send();
      },
    );

    api.post(
      '/api/admin/swap-problems/:id/reverse',
      { schema: { tags, params: problemParams, body: swapProblemDecisionBody, response: { 200: swapReversalResponse } } },
      async (request) => problems.reverse(await requireRole(request, 'moderator'), request.params.id, request.body.reason),
    );
  };
}
