import fastifyStatic from '@fastify/static';
import { currentLocale, LOCALES, TEXT, type Locale } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type Encoding = 'br' | 'gzip' | 'identity';

/** The app page in each language (its lang attribute), compressed once at start as the build compresses the rest. */
function appPages(indexHtml: string): Record<Locale, Record<Encoding, Buffer>> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const page = Buffer.from(indexHtml.replace(/<html lang="[^"]*">/, `<html lang="${locale}">`));
      return [locale, { identity: page, br: zlib.brotliCompressSync(page), gzip: zlib.gzipSync(page, { level: 9 }) }];
    }),
  ) as Record<Locale, Record<Encoding, Buffer>>;
}

/** brotli, else gzip, as the browser accepts them (a q of 0 refuses one). */
function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

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
  const pages = hasBuild ? appPages(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8')) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    // HEAD asks what GET would answer, without the body (link checkers and uptime probes send it).
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (pages && isPage && !path.extname(request.url.split('?')[0] ?? '')) {
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding, accept-language')
        .type('text/html; charset=utf-8')
        .send(pages[currentLocale()][encoding]);
    }
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: TEXT.errors.notFound } });
  });
}
