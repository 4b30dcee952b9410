import { pointEntryPage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PointsService } from './service.ts';

const listQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export function pointsRoutes(points: PointsService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/points/entries',
      { schema: { tags: ['points'], querystring: listQuery, response: { 200: pointEntryPage } } },
      (request) => points.history(request.session, request.query.cursor, request.query.limit),
    );
  };
}
