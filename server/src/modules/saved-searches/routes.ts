import { savedSearchCreateBody, savedSearchList, savedSearchParams, savedSearchRenameBody, savedSearchResponse } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/authentication.ts';
import type { SavedSearchesService } from './service.ts';

export function savedSearchRoutes(savedSearches: SavedSearchesService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['saved-searches'];

    api.get('/api/saved-searches', { schema: { tags, response: { 200: savedSearchList } } }, (request) =>
      savedSearches.list(requireSession(request)),
    );

    api.post(
      '/api/saved-searches',
      { schema: { tags, body: savedSearchCreateBody, response: { 201: savedSearchResponse } } },
      async (request, reply) => {
        const savedSearch = await savedSearches.create(requireSession(request), request.body.name, request.body.filters);
        return reply.code(201).send({ savedSearch });
      },
    );

    api.patch(
      '/api/saved-searches/:id',
      { schema: { tags, params: savedSearchParams, body: savedSearchRenameBody, response: { 200: savedSearchResponse } } },
      async (request) => ({ savedSearch: await savedSearches.rename(requireSession(request), request.params.id, request.body.name) }),
    );

    api.delete('/api/saved-searches/:id', { schema: { tags, params: savedSearchParams } }, async (request, reply) => {
      await savedSearches.remove(requireSession(request), request.params.id);
      return reply.code(204).send();
    });

    // POST: opening changes what counts as new.
    api.post(
      '/api/saved-searches/:id/open',
      { schema: { tags, params: savedSearchParams, response: { 200: savedSearchResponse } } },
      async (request) => ({ savedSearch: await savedSearches.open(requireSession(request), request.params.id) }),
    );
  };
}
