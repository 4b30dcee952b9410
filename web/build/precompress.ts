import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, once, at maximum compression, so the
 * server sends them as they are (@fastify/static preCompressed) instead of spending CPU on each request.
 */
export function precompress(): Plugin {
  return {
    name: 'swapyard-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const fullPath = path.join(outDir, file);
            const bytes = await fs.readFile(fullPath);
            await Promise.all([
              fs.writeFile(`${fullPath}.br`, await brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
              fs.writeFile(`${fullPath}.gz`, await gzip(bytes, { level: 9 })),
            ]);
          }),
      );
    },
  };
}
