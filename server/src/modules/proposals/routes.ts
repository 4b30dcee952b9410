import {
  proposalCounterBody,
  handoverBody,
  proposalCreateBody,
  proposalListQuery,
  proposalPage,
  proposalResponse,
  ratingBody,
  ratingListQuery,
  ratingPage,
  TEXT,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { MemberLimits } from '../../plugins/rate-limit.ts';
import type { ProposalsService } from './service.ts';
import { requireSession } from '../auth/authentication.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.proposals.notFound }) });
const memberParams = z.object({ id: z.uuid({ error: () => TEXT.profile.notFound }) });
const acceptHeaders = z.object({ 'idempotency-key': z.string().min(8).max(100).optional() });

export function proposalRoutes(proposals: ProposalsService, limits: MemberLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['proposals'];

    api.post(
      '/api/proposals',
      {
        config: { signedOutMessage: () => TEXT.proposals.loginRequired },
        schema: { tags, body: proposalCreateBody, response: { 201: proposalResponse } },
        preHandler: limits.proposals,
      },
      async (request, reply) => reply.code(201).send({ proposal: await proposals.create(requireSession(request), request.body) }),
    );

    api.get('/api/proposals', { schema: { tags, querystring: proposalListQuery, response: { 200: proposalPage } } }, (request) =>
      proposals.list(requireSession(request), request.query, request.query.cursor, request.query.limit),
    );

    api.get(
      '/api/users/:id/ratings',
      { schema: { tags, params: memberParams, querystring: ratingListQuery, response: { 200: ratingPage } } },
      (request) => proposals.ratingsOf(requireSession(request), request.params.id, request.query.cursor, request.query.limit),
    );

    api.get('/api/proposals/:id', { schema: { tags, params: idParams, response: { 200: proposalResponse } } }, async (request) => ({
      proposal: await proposals.get(requireSession(request), request.params.id),
    }));

    api.post(
      '/api/proposals/:id/accept',
      { schema: { tags, params: idParams, headers: acceptHeaders, response: { 200: proposalResponse } } },
      async (request) => ({
        proposal: await proposals.accept(requireSession(request), request.params.id, request.headers['idempotency-key']),
      }),
    );

    api.post('/api/proposals/:id/decline', { schema: { tags, params: idParams, response: { 200: proposalResponse } } }, async (request) => ({
      proposal: await proposals.decline(requireSession(request), request.params.id),
    }));

    api.post('/api/proposals/:id/cancel', { schema: { tags, params: idParams, response: { 200: proposalResponse } } }, async (request) => ({
      proposal: await proposals.cancel(requireSession(request), request.params.id),
    }));

    api.post(
      '/api/proposals/:id/counter',
      { schema: { tags, params: idParams, body: proposalCounterBody, response: { 200: proposalResponse } }, preHandler: limits.proposals },
      async (request) => ({ proposal: await proposals.counter(requireSession(request), request.params.id, request.body) }),
    );

    api.post(
      '/api/proposals/:id/rating',
      { schema: { tags, params: idParams, body: ratingBody, response: { 200: proposalResponse } } },
      async (request) => ({ proposal: await proposals.rate(requireSession(request), request.params.id, request.body) }),
    );

    api.put(
      '/api/proposals/:id/handover',
      { schema: { tags, params: idParams, body: handoverBody, response: { 200: proposalResponse } } },
      async (request) => ({ proposal: await proposals.arrangeHandover(requireSession(request), request.params.id, request.body) }),
    );

    api.post(
      '/api/proposals/:id/handover/confirm',
      { schema: { tags, params: idParams, response: { 200: proposalResponse } } },
      async (request) => ({ proposal: await proposals.confirmHandover(requireSession(request), request.params.id) }),
    );
  };
}
