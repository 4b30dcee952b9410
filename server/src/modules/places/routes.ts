import { placeSearchQuery, placeSearchResponse } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PlacesService } from './service.ts';

export function placeRoutes(places: PlacesService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // Signed in, as the marketplace and the forms that offer the picker are.
    api.get(
      '/api/places',
      { schema: { tags: ['places'], summary: 'Towns whose name starts with q, the most populous first', querystring: placeSearchQuery, response: { 200: placeSearchResponse } } },
      (request) => ({ places: places.search(request.query.q) }),
    );
  };
}
