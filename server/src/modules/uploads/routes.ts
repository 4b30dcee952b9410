import { TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { requireSession } from '../auth/authentication.ts';
import type { ImageService } from './service.ts';

export function imageRoutes(images: ImageService) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get<{ Params: { '*': string } }>(
      '/api/images/*',
      { schema: { tags: ['images'], summary: 'A stored image, always WebP' } },
      async (request, reply) => {
        const stream = await images.open(request.params['*'], requireSession(request));
        if (!stream) throw notFound(TEXT.errors.notFound);
        // Keys never change content, so browsers may keep them for good; only members may see them.
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('content-disposition', 'inline')
          .send(stream);
      },
    );
  };
}
