import { dismissBody, moderationReasonBody, reportBody, reportQueuePage, reportQueueQuery, reportResponse, TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestLimit } from '../../plugins/rate-limit.ts';
import { requireRole, requireSession } from '../auth/authentication.ts';
import type { ModerationService } from './service.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.moderation.targetNotFound }) });

export function moderationRoutes(moderation: ModerationService, reportLimit: RequestLimit) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/reports',
      { schema: { tags: ['moderation'], body: reportBody, response: { 201: reportResponse } }, preHandler: reportLimit },
      async (request, reply) => {
        await moderation.report(requireSession(request), request.body);
        return reply.code(201).send({ message: TEXT.reports.thanks });
      },
    );

    api.get(
      '/api/admin/reports',
      { schema: { tags: ['moderation'], querystring: reportQueueQuery, response: { 200: reportQueuePage } } },
      async (request) => {
        await requireRole(request, 'moderator');
        return moderation.queue(request.query.cursor, request.query.limit);
      },
    );

    api.post('/api/admin/reports/dismiss', { schema: { tags: ['moderation'], body: dismissBody } }, async (request, reply) => {
      await moderation.dismiss(await requireRole(request, 'moderator'), request.body);
      return reply.code(204).send();
    });

    api.post('/api/admin/reports/warn', { schema: { tags: ['moderation'], body: dismissBody } }, async (request, reply) => {
      await moderation.warn(await requireRole(request, 'moderator'), request.body);
      return reply.code(204).send();
    });

    api.post(
      '/api/admin/items/:id/hide',
      { schema: { tags: ['moderation'], params: idParams, body: moderationReasonBody } },
      async (request, reply) => {
        await moderation.hideListing(await requireRole(request, 'moderator'), request.params.id, request.body.reason);
        return reply.code(204).send();
      },
    );

    api.post(
      '/api/admin/items/:id/restore',
      { schema: { tags: ['moderation'], params: idParams, body: moderationReasonBody } },
      async (request, reply) => {
        await moderation.restoreListing(await requireRole(request, 'moderator'), request.params.id, request.body.reason);
        return reply.code(204).send();
      },
    );

    api.post(
      '/api/admin/messages/:id/remove',
      { schema: { tags: ['moderation'], params: idParams, body: moderationReasonBody } },
      async (request, reply) => {
        await moderation.removeMessage(await requireRole(request, 'moderator'), request.params.id, request.body.reason);
        return reply.code(204).send();
      },
    );
  };
}
