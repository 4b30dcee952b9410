import {
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
import type { RequestLimit } from '../../plugins/rate-limit.ts';
import { requireRole, requireSession } from '../auth/authentication.ts';
import type { SwapProblemsService } from './service.ts';

const proposalParams = z.object({ id: z.uuid({ error: TEXT.proposals.notFound }) });
const problemParams = z.object({ id: z.uuid({ error: TEXT.swapProblems.notFound }) });

export function swapProblemRoutes(problems: SwapProblemsService, reportLimit: RequestLimit) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['swap problems'];

    api.post(
      '/api/proposals/:id/problems',
      { schema: { tags, params: proposalParams, body: swapProblemBody, response: { 201: swapProblemResponse } }, preHandler: reportLimit },
      async (request, reply) =>
        reply.code(201).send({ problem: await problems.report(requireSession(request), request.params.id, request.body) }),
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
