import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The app learns its version, which drops answers an older release saved (lib/persisted-cache.ts).
 * It changes whenever the web app's or the contract's source does: any of them may reshape a cached answer.
 */
export function appVersion(): Plugin {
  return {
    name: 'swapyard:app-version',
    config: (config) => {
      const root = config.root ?? process.cwd();
      const files = ['src', '../contract/src'].flatMap((dir) => filesUnder(path.resolve(root, dir)));
      const hash = createHash('sha256');
      for (const file of files) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
      return { define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(hash.digest('hex').slice(0, 16)) } };
    },
  };
}
