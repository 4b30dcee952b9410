import { favouritePage, favouritesQuery, TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../auth/authentication.ts';
import type { FavouritesService } from './service.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.items.notFoundTitle }) });

export function favouriteRoutes(favourites: FavouritesService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    // PUT and DELETE: saving twice is saving once, and so is unsaving.
    api.put('/api/items/:id/favourite', { schema: { tags: ['favourites'], params: idParams } }, async (request, reply) => {
      await favourites.save(requireSession(request), request.params.id);
      return reply.code(204).send();
    });

    api.delete('/api/items/:id/favourite', { schema: { tags: ['favourites'], params: idParams } }, async (request, reply) => {
      await favourites.unsave(requireSession(request), request.params.id);
      return reply.code(204).send();
    });

    api.get(
      '/api/favourites',
      { schema: { tags: ['favourites'], querystring: favouritesQuery, response: { 200: favouritePage } } },
      (request) => favourites.list(requireSession(request), request.query),
    );
  };
}
