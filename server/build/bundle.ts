import { build, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Our own workspaces are TypeScript and go into the bundle; every installed package stays an import,
 * resolved from node_modules when the server runs, so the bundle must sit inside the server's folder.
 */
const installedPackagesStayImports: Plugin = {
  name: 'installed-packages-stay-imports',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@swapyard/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * The server as plain JavaScript modules, so `npm start` runs it without compiling TypeScript in the
 * process: tsx held about 70 MB more at rest (docs/decisions/034). Split into chunks so that what
 * the source loads only when needed (the S3 SDK, without S3_BUCKET) is still loaded only then. The
 * migrations are copied beside it, where the database module looks for them. Returns the entry's path.
 */
export async function bundleServer(entry: string, outDir: string): Promise<string> {
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outdir: outDir,
    entryNames: 'main',
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [installedPackagesStayImports],
    // For reading a logged stack trace against the source; not loaded at run time.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Node looks no further up than a node_modules folder for the "type" that makes .js a module.
  fs.writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
  fs.cpSync(path.join(SERVER_DIR, 'src', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return path.join(outDir, 'main.js');
}

/**
 * A bundle of its own for a test or the bench, in a new folder inside the server's (for its
 * node_modules), so two runs from one checkout never replace each other's. `remove` deletes it.
 */
export async function temporaryBundle(entry: string): Promise<{ main: string; remove: () => void }> {
  const parent = path.join(SERVER_DIR, 'node_modules', '.cache');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'swapyard-server-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    return { main: await bundleServer(entry, dir), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
