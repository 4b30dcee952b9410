import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { temporaryBundle } from '../build/bundle.ts';
import { openDatabase } from './db/database.ts';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));
const children: ChildProcess[] = [];
// The server as `npm start` runs it: bundled (server/build/bundle.ts), not through tsx.
let bundle: { main: string; remove: () => void };
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [bundle.main], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function listening(server: Started): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-main-'));
  dirs.push(dir);
  return dir;
}

/**
 * A data directory some server has already opened and closed. A first open runs PGlite's initdb,
 * over ten seconds on a busy machine, and the tests below are about what happens after it.
 */
let usedBefore: string;
beforeAll(async () => {
  bundle = await temporaryBundle(mainScript);
  usedBefore = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-main-'));
  const database = await openDatabase({ engine: 'pglite', dataDir: usedBefore }, { warn: () => undefined });
  await database.close();
});
afterAll(() => {
  fs.rmSync(usedBefore, { recursive: true, force: true });
  bundle.remove();
});

function copyOfUsedDataDir(): string {
  const dir = dataDir();
  fs.cpSync(usedBefore, dir, { recursive: true });
  return dir;
}

// Process-level behaviour of main.ts, with PGlite whatever TEST_ENGINE says.
describe('the server process', () => {
  it('refuses to start on a bad variable, naming it on one line', async () => {
    const server = start({ PORT: 'eighty', DATA_DIR: dataDir() });

    expect(await server.exited).toBe(1);
    expect(server.output()).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")\n');
  });

  it('loads the S3 SDK only when S3_BUCKET is set: the bundle keeps it out of the module every start runs', () => {
    const entry = fs.readFileSync(bundle.main, 'utf8');
    const chunks = fs.readdirSync(path.join(path.dirname(bundle.main), 'chunks')).filter((name) => name.endsWith('.js'));
    const importers = chunks.filter((name) => fs.readFileSync(path.join(path.dirname(bundle.main), 'chunks', name), 'utf8').includes('@aws-sdk/client-s3'));

    expect(entry).not.toContain('@aws-sdk/client-s3');
    expect(importers).toEqual([expect.stringMatching(/^s3-storage-/)]);
    // Reached by import() alone, which runs when openStorage finds S3_BUCKET set.
    expect(entry).toMatch(/import\("\.\/chunks\/s3-storage-\w+\.js"\)/);
    expect(entry).not.toMatch(/from "\.\/chunks\/s3-storage-/);
  });

  it('refuses a second server on the same DATA_DIR, and the first goes on serving', async () => {
    const dir = copyOfUsedDataDir();
    const first = start({ PORT: '0', DATA_DIR: dir });
    const url = await listening(first);
    expect(await (await fetch(`${url}/api/ready`)).json()).toEqual({ status: 'ok' });

    const second = start({ PORT: '0', DATA_DIR: dir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toBe(
      `The data directory ${dir} is in use by another Swapyard process (pid ${first.child.pid}). ` +
        'Stop that process first, or set DATA_DIR to another directory.\n',
    );
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('stops gracefully on SIGTERM and frees the DATA_DIR for the next server', async () => {
    const dir = copyOfUsedDataDir();
    const first = start({ PORT: '0', DATA_DIR: dir });
    await listening(first);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dir, 'swapyard.lock'))).toBe(false);

    const third = start({ PORT: '0', DATA_DIR: dir });
    await listening(third);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });
});
