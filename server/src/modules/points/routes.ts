import { pageQuery, pointEntryPage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PointsService } from './service.ts';
import { requireSession } from '../auth/authentication.ts';

const listQuery = pageQuery(100, 50);

export function pointsRoutes(points: PointsService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/points/entries',
      { schema: { tags: ['points'], querystring: listQuery, response: { 200: pointEntryPage } } },
      (request) => points.history(requireSession(request), request.query.cursor, request.query.limit),
    );
  };
}
