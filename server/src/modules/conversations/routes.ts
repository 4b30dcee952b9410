import {
  chatMessageResponse,
  conversationListQuery,
  conversationOpenBody,
  conversationPage,
  conversationResponse,
  messagePage,
  messageSendBody,
  pageQuery,
  proposalPage,
  TEXT,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error.ts';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import type { MemberLimits } from '../../plugins/rate-limit.ts';
import type { ConversationsService } from './service.ts';
import { requireSession } from '../auth/authentication.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.conversations.notFound }) });
const messagesQuery = pageQuery(50, 30);
const proposalsQuery = pageQuery(50, 20);

export function conversationRoutes(conversations: ConversationsService, limits: MemberLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['conversations'];

    api.post('/api/conversations', { schema: { tags, body: conversationOpenBody, response: { 200: conversationResponse } } }, async (request) => ({
      conversation: await conversations.open(requireSession(request), request.body.otherUserId, request.body.itemId),
    }));

    api.get('/api/conversations', { schema: { tags, querystring: conversationListQuery, response: { 200: conversationPage } } }, (request) =>
      conversations.list(requireSession(request), request.query),
    );

    api.get('/api/conversations/:id', { schema: { tags, params: idParams, response: { 200: conversationResponse } } }, async (request) => ({
      conversation: await conversations.get(requireSession(request), request.params.id),
    }));

    api.get(
      '/api/conversations/:id/messages',
      { schema: { tags, params: idParams, querystring: messagesQuery, response: { 200: messagePage } } },
      (request) => conversations.messages(requireSession(request), request.params.id, request.query.cursor, request.query.limit),
    );

    api.get(
      '/api/conversations/:id/proposals',
      { schema: { tags, params: idParams, querystring: proposalsQuery, response: { 200: proposalPage } } },
      (request) => conversations.proposals(requireSession(request), request.params.id, request.query.cursor, request.query.limit),
    );

    api.post(
      '/api/conversations/:id/messages',
      { schema: { tags, params: idParams, body: messageSendBody, response: { 200: chatMessageResponse } }, preHandler: limits.messages },
      async (request) => ({ message: await conversations.send(requireSession(request), request.params.id, request.body) }),
    );

    api.post(
      '/api/conversations/:id/images',
      {
        schema: { tags, params: idParams, description: 'multipart/form-data: clientId, optional text, one image file named image', response: { 200: chatMessageResponse } },
        preHandler: [limits.beforeUpload(), limits.messages],
      },
      async (request) => {
        const form = await readMultipartForm(request, { maxFiles: 1, tooManyFiles: TEXT.conversations.imageFailed });
        const clientId = z.uuid().safeParse(form.fields.get('clientId'));
        if (!clientId.success) throw badRequest(TEXT.errors.invalidInput);
        return {
          message: await conversations.send(requireSession(request), request.params.id, {
            clientId: clientId.data,
            text: form.fields.get('text') ?? '',
            image: form.files[0],
          }),
        };
      },
    );

    api.post('/api/conversations/:id/read', { schema: { tags, params: idParams } }, async (request, reply) => {
      await conversations.markRead(requireSession(request), request.params.id);
      return reply.code(204).send();
    });
  };
}
