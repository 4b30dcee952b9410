import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

export function healthRoutes(database: DatabaseHandle) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/health', { config: { public: true }, schema: { tags: ['operations'], response: { 200: status } } }, async () => ({
      status: 'ok' as const,
    }));

    api.get(
      '/api/ready',
      { config: { public: true }, schema: { tags: ['operations'], response: { 200: status, 503: status } } },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'database is not reachable');
          return reply.code(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
}
