import { meResponse, profileResponse, profileUpdateBody, TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readMultipartForm } from '../../plugins/multipart-form.ts';
import type { MemberLimits } from '../../plugins/rate-limit.ts';
import type { ProfilesService } from './service.ts';
import { requireSession } from '../auth/authentication.ts';

const idParams = z.object({ id: z.uuid({ error: () => TEXT.profile.notFound }) });

export function profileRoutes(profiles: ProfilesService, limits: MemberLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.get('/api/users/:id', { schema: { tags: ['profiles'], params: idParams, response: { 200: profileResponse } } }, async (request) => ({
      profile: await profiles.get(requireSession(request), request.params.id),
    }));

    api.patch('/api/me', { schema: { tags: ['profiles'], body: profileUpdateBody, response: { 200: meResponse } } }, async (request) => ({
      user: await profiles.update(requireSession(request), request.body),
    }));

    api.put(
      '/api/me/photo',
      {
        schema: { tags: ['profiles'], description: 'multipart/form-data with one image file named photo', response: { 200: meResponse } },
        preHandler: limits.beforeUpload(),
      },
      async (request) => ({
        user: await profiles.setPhoto(requireSession(request), await readMultipartForm(request, { maxFiles: 1, tooManyFiles: TEXT.images.photoRequired })),
      }),
    );
  };
}
