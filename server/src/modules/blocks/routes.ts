import { blockBody, blockList, blockParams, blockResponse } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/authentication.ts';
import type { BlocksService } from './service.ts';

export function blockRoutes(blocks: BlocksService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['blocks'];

    api.get('/api/blocks', { schema: { tags, response: { 200: blockList } } }, (request) => blocks.list(requireSession(request)));

    api.post('/api/blocks', { schema: { tags, body: blockBody, response: { 200: blockResponse } } }, async (request) => ({
      block: await blocks.block(requireSession(request), request.body),
    }));

    api.delete('/api/blocks/:userId', { schema: { tags, params: blockParams } }, async (request, reply) => {
      await blocks.unblock(requireSession(request), request.params.userId);
      return reply.code(204).send();
    });
  };
}
