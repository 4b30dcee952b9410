import fastifyStatic from '@fastify/static';
import { currentLocale, TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';

/** The built React app: hashed assets are cached for good, index.html never, and every page path gets index.html. */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const hasBuild = distDir !== undefined && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each file (web/build/precompress.ts); sent as the browser accepts.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // One URL, several encodings: a shared cache must not hand brotli to a browser that cannot read it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // Every page is this one file; its lang names the request's language, which the app starts in (web/src/lib/language.ts).
  const indexHtml = hasBuild ? fs.readFileSync(path.join(distDir, 'index.html'), 'utf8') : '';
  app.setNotFoundHandler(async (request, reply) => {
    // HEAD asks what GET would answer, without the body (link checkers and uptime probes send it).
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && hasBuild;
    if (isPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language, cookie')
        .type('text/html; charset=utf-8')
        .send(indexHtml.replace(/<html lang="[^"]*">/, `<html lang="${currentLocale()}">`));
    }
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: TEXT.errors.notFound } });
  });
}
