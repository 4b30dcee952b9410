import { adminMemberListQuery, adminMemberPage, adminMemberParams, adminMemberResponse, roleChangeBody } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/authentication.ts';
import type { RolesService } from './service.ts';

const tags = ['admin'];

export function roleRoutes(roles: RolesService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get(
      '/api/admin/members',
      { schema: { tags, summary: 'Members, newest first, for moderators and admins', querystring: adminMemberListQuery, response: { 200: adminMemberPage } } },
      async (request) => roles.list(await requireSession(request).user(), request.query),
    );

    api.put(
      '/api/admin/members/:id/role',
      { schema: { tags, summary: "Changes a member's role (admins only)", params: adminMemberParams, body: roleChangeBody, response: { 200: adminMemberResponse } } },
      async (request) => ({
        member: await roles.changeRole(await requireSession(request).user(), request.params.id, request.body.role),
      }),
    );
  };
}
