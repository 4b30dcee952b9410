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
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
  });
}
