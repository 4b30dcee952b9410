import { textReads } from '@swapyard/contract';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Processes of their own: importing them starts a server or a command. */
const ENTRY_POINTS = /(^|[\\/])(main|[\w-]+-command)\.ts$/;

function modulesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !ENTRY_POINTS.test(file) && !file.includes(`${path.sep}test${path.sep}`));
}

it("reads no text while the server's modules load: one read then would be in one language for every member", async () => {
  const before = textReads();
  for (const file of [...modulesUnder('contract/src'), ...modulesUnder('server/src')]) await import(pathToFileURL(file).href);
  expect(textReads() - before).toBe(0);
}, 120_000);
