import { notificationPage, pageQuery, TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NotificationsService } from './service.ts';
import { requireSession } from '../auth/authentication.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.notifications.notFound }) });
const listQuery = pageQuery(50, 30);

export function notificationRoutes(notifications: NotificationsService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/notifications',
      { schema: { tags: ['notifications'], querystring: listQuery, response: { 200: notificationPage } } },
      (request) => notifications.list(requireSession(request), request.query.cursor, request.query.limit),
    );

    api.post('/api/notifications/:id/read', { schema: { tags: ['notifications'], params: idParams } }, async (request, reply) => {
      await notifications.markRead(requireSession(request), request.params.id);
      return reply.code(204).send();
    });

    api.post('/api/notifications/read-all', { schema: { tags: ['notifications'] } }, async (request, reply) => {
      await notifications.markAllRead(requireSession(request));
      return reply.code(204).send();
    });
  };
}
