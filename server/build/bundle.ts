import { build, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
 * The server as one plain JavaScript module, so `npm start` runs it without compiling TypeScript in
 * the process: tsx held about 70 MB more at rest (docs/decisions/034). The migrations are copied
 * beside it, where the database module looks for them. Returns the bundle's path.
 */
export async function bundleServer(entry: string, outDir: string): Promise<string> {
  const outfile = path.join(outDir, 'main.js');
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [installedPackagesStayImports],
    // For reading a logged stack trace against the source; not loaded at run time.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.cpSync(path.join(SERVER_DIR, 'src', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await bundleServer(path.join(SERVER_DIR, 'src', 'main.ts'), path.join(SERVER_DIR, 'dist'));
}
