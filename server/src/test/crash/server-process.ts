import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../db/database.ts';

const mainScript = fileURLToPath(new URL('../../main.ts', import.meta.url));
/** Request logs at info level are many; only the tail is kept, for a failure's message. */
const OUTPUT_KEPT = 100_000;

/** The real server, as `node --import tsx server/src/main.ts`, in a process of its own. */
export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  /** The exit code; null when killed by a signal. */
  exited: Promise<number | null>;
}

const running = new Set<ChildProcess>();

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  if (child.pid === undefined) throw new Error('the server process did not start');
  return { child, pid: child.pid, output: () => output, exited };
}

/** Waits for "Server listening at ..." and returns that origin. */
export async function listening(server: ServerProcess, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(server.output());
    if (match?.[1]) return match[1];
    if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not start:\n${server.output().slice(-5_000)}`);
}

/** SIGKILL: no shutdown hook runs, whatever was in flight is cut off. */
export async function crash(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** For afterEach/afterAll: every child this module started and that is still alive dies now. */
export async function killAllServers(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/**
 * Where the server keeps its data for one test: PGlite in a temporary DATA_DIR, or a fresh
 * PostgreSQL database made through the admin URL (TEST_DATABASE_URL), with its uploads in the temp dir.
 */
export interface CrashStore {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  /** The variables that point the server at this store. */
  env: Record<string, string>;
  /** Opens the store in this process. For PGlite only once no server holds the directory. */
  open(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

const quiet = { warn: () => undefined };

export async function createStore(engine: 'pglite' | 'postgres'): Promise<CrashStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-crash-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') {
    return {
      engine,
      dataDir,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ engine: 'pglite', dataDir }, quiet),
      dispose: async () => removeDir(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `swapyard_crash_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ engine: 'postgres', url: url.toString() }, quiet),
    dispose: async () => {
      removeDir();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
