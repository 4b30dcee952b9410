import { liftSuspensionBody, memberDetailResponse, memberParams, suspendBody } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/authentication.ts';
import type { SuspensionsService } from './service.ts';

export function suspensionRoutes(suspensions: SuspensionsService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const schema = { tags: ['admin'], params: memberParams, response: { 200: memberDetailResponse } };

    api.get('/api/admin/members/:id', { schema }, async (request) => ({
      member: await suspensions.detail(await requireRole(request, 'moderator'), request.params.id),
    }));

    api.post('/api/admin/members/:id/suspension', { schema: { ...schema, body: suspendBody } }, async (request) => ({
      member: await suspensions.suspend(await requireRole(request, 'moderator'), request.params.id, request.body),
    }));

    api.post('/api/admin/members/:id/suspension/lift', { schema: { ...schema, body: liftSuspensionBody } }, async (request) => ({
      member: await suspensions.lift(await requireRole(request, 'moderator'), request.params.id, request.body),
    }));
  };
}
