import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * The build's part in working offline: public/sw.js learns this release's name and every file to
 * keep (the hashed names are known only once the bundle is written), and the app learns its
 * version, which drops answers an older release saved (lib/persisted-cache.ts).
 */

const SERVICE_WORKER = 'sw.js';
const BUILD_LINE = "const BUILD = { version: 'development', files: [] };";

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function hashOf(parts: Iterable<string | Uint8Array>): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('hex').slice(0, 16);
}

/** Changes whenever the web app's or the contract's source does: any of them may reshape a cached answer. */
function appVersion(root: string): string {
  const files = ['src', '../contract/src'].flatMap((dir) => filesUnder(path.resolve(root, dir)));
  return hashOf(files.flatMap((file) => [path.relative(root, file), fs.readFileSync(file)]));
}

export function offlineBuild(): Plugin[] {
  let publicDir = '';
  return [
    {
      name: 'swapyard:app-version',
      config: (config) => ({
        define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion(config.root ?? process.cwd())) },
      }),
    },
    {
      name: 'swapyard:service-worker',
      apply: 'build',
      configResolved(config) {
        publicDir = config.publicDir;
      },
      generateBundle: {
        // After Vite's own HTML plugin, which adds index.html to the bundle in this same hook.
        order: 'post',
        handler(_options, bundle) {
          const template = fs.readFileSync(path.join(publicDir, SERVICE_WORKER), 'utf8');
          if (!template.includes(BUILD_LINE)) throw new Error(`${SERVICE_WORKER} no longer holds the line the build fills in`);
          const files = new Map<string, string | Uint8Array>();
          for (const output of Object.values(bundle)) {
            // Source maps and build records (.vite/manifest.json) are not served to members.
            if (output.fileName.endsWith('.map') || output.fileName.startsWith('.')) continue;
            files.set(output.fileName, output.type === 'chunk' ? output.code : output.source);
          }
          for (const file of filesUnder(publicDir)) {
            const name = path.relative(publicDir, file).split(path.sep).join('/');
            if (name !== SERVICE_WORKER) files.set(name, fs.readFileSync(file));
          }
          if (!files.has('index.html')) throw new Error('the bundle has no index.html for the service worker to keep');
          const names = [...files.keys()].sort();
          const version = hashOf([template, ...names.flatMap((name) => [name, files.get(name) ?? ''])]);
          const build = { version, files: names.map((name) => `/${name}`) };
          this.emitFile({
            type: 'asset',
            fileName: SERVICE_WORKER,
            source: template.replace(BUILD_LINE, `const BUILD = ${JSON.stringify(build)};`),
          });
        },
      },
    },
  ];
}
