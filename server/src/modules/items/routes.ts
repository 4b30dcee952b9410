import { itemPage, itemResponse, marketplacePage, marketplaceQuery, MAX_ITEM_IMAGES, ownerItemsQuery, TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import type { MemberLimits } from '../../plugins/rate-limit.ts';
import type { ItemsService } from './service.ts';
import { requireSession } from '../auth/authentication.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.items.notFoundTitle }) });
const itemForm = () => ({ maxFiles: MAX_ITEM_IMAGES, tooManyFiles: TEXT.items.tooManyImages });
const multipartDoc = {
  description: `multipart/form-data: title, description, category, value, location, up to ${MAX_ITEM_IMAGES} files named images; on update also imageOrder`,
};

export function itemRoutes(items: ItemsService, limits: MemberLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/items', { schema: { tags: ['items'], querystring: marketplaceQuery, response: { 200: marketplacePage } } }, (request) => {
      const { cursor, limit, ...filters } = request.query;
      return items.list(requireSession(request), filters, { cursor, limit });
    });

    api.get('/api/items/:id', { schema: { tags: ['items'], params: idParams, response: { 200: itemResponse } } }, async (request) => ({
      item: await items.get(requireSession(request), request.params.id),
    }));

    api.post('/api/items', { config: { signedOutMessage: () => TEXT.items.loginRequired }, schema: { tags: ['items'], ...multipartDoc, response: { 201: itemResponse } }, preHandler: limits.beforeUpload() }, async (request, reply) => {
      const item = await items.create(requireSession(request), await readMultipartForm(request, itemForm()));
      return reply.code(201).send({ item });
    });

    api.put(
      '/api/items/:id',
      { schema: { tags: ['items'], ...multipartDoc, params: idParams, response: { 200: itemResponse } }, preHandler: limits.beforeUpload() },
      async (request) => ({
        item: await items.update(requireSession(request), request.params.id, await readMultipartForm(request, itemForm())),
      }),
    );

    api.delete('/api/items/:id', { schema: { tags: ['items'], params: idParams } }, async (request, reply) => {
      await items.delete(requireSession(request), request.params.id);
      return reply.code(204).send();
    });

    api.get(
      '/api/users/:id/items',
      { schema: { tags: ['items'], params: idParams, querystring: ownerItemsQuery, response: { 200: itemPage } } },
      (request) => items.listByOwner(requireSession(request), request.params.id, request.query),
    );
  };
}
