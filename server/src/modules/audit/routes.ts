import { auditPage, auditQuery } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireRole } from '../auth/authentication.ts';
import type { AuditService } from './service.ts';

export function auditRoutes(audit: AuditService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/admin/audit', { schema: { tags: ['moderation'], querystring: auditQuery, response: { 200: auditPage } } }, async (request) => {
      await requireRole(request, 'moderator');
      const { actorId, targetUserId, cursor, limit } = request.query;
      return audit.list({ actorId, targetUserId }, cursor, limit);
    });
  };
}
