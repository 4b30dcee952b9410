import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const WEB_DIR = fileURLToPath(new URL('../../../web', import.meta.url));

/** Vite's build manifest: one entry per chunk, keyed by its source (or index.html for the entry). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface WebBuild {
  dir: string;
  manifest: Manifest;
}

/** Builds the web app as it is now into a directory of the bench's own (web/dist belongs to others). */
export async function buildWeb(outDir: string): Promise<WebBuild> {
  await promisify(execFile)('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], {
    cwd: WEB_DIR,
    maxBuffer: 16 * 1024 * 1024,
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return { dir: outDir, manifest };
}
