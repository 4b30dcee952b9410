import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The API's answers, compressed for browsers that accept it: a marketplace page is 14 to 18 KB of
 * JSON and 3 to 4 KB compressed, which a phone on a slow connection feels (docs/performance.md).
 * The web app's files are compressed once at build (plugins/web-app.ts) and already say so, so
 * they pass through untouched; images are not a compressible type. Small answers are not worth
 * it. Requests are never decompressed: a body's size limit must hold for what the client sends.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // HEAD runs as the GET route itself, so it is compressed as GET is and reports the same length,
  // encoding and Vary; Node sends no body for HEAD. Fastify's own HEAD routes (off in buildApp) drop
  // the body in an onSend hook that runs before this plugin's, which then has nothing to compress.
  app.addHook('onRoute', (route) => {
    if (route.method === 'GET') route.method = ['GET', 'HEAD'];
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}

/** An API document with each path's HEAD left out: every GET answers HEAD the same way, so listing it adds nothing. */
export function withoutHeadOperations<Document extends { paths?: object }>(document: Document): Document {
  if (!document.paths) return document;
  const paths = Object.entries(document.paths).map(([path, operations]: [string, object]) => [
    path,
    Object.fromEntries(Object.entries(operations).filter(([method]) => method !== 'head')),
  ]);
  return { ...document, paths: Object.fromEntries(paths) };
}
