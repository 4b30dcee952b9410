import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startEnvironment } from '../../../scripts/start-environment.ts';
import { temporaryBundle } from '../../../server/build/bundle.ts';

const ENTRY = fileURLToPath(new URL('../server/main.ts', import.meta.url));
let bundled: Promise<string> | undefined;

/** The bench's server bundle, made once per bench process and removed when it exits. */
function bundleOnce(): Promise<string> {
  bundled ??= temporaryBundle(ENTRY).then(({ main, remove }) => {
    process.once('exit', remove);
    return main;
  });
  return bundled;
}

const START_TIMEOUT_MS = 120_000;

export interface ServerOptions {
  /** Where PGlite keeps its data (unless databaseUrl is set) and local uploads live. */
  dataDir: string;
  databaseUrl?: string;
  webDistDir?: string;
  /** The server's own log (warnings and errors) goes here, afresh each start. */
  logFile: string;
  /** Further variables for a measure that needs them (SMTP_URL and PUBLIC_URL for the mail drain). */
  env?: Record<string, string>;
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** Resident memory now and at its peak, from /proc. */
  memory(): { rssBytes: number; peakRssBytes: number };
  stop(): Promise<void>;
}

function statusField(pid: number, field: string): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  if (!line) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(/(\d+)\s*kB/.exec(line)?.[1]) * 1024;
}

/** A process's resident memory now (VmRSS) and at its peak (VmHWM), from /proc. */
export function processMemory(pid: number): { rssBytes: number; peakRssBytes: number } {
  return { rssBytes: statusField(pid, 'VmRSS'), peakRssBytes: statusField(pid, 'VmHWM') };
}

/**
 * Starts bench/src/server/main.ts as a child process and resolves once it listens. It runs bundled,
 * as `npm start` runs the server, since its memory is measured; the bundle is made once per run.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const entry = await bundleOnce();
  const log = fs.openSync(options.logFile, 'w');
  const child = fork(entry, options.webDistDir ? [options.webDistDir] : [], {
    execArgv: [],
    // Only what the server needs, as npm start sets it: the bench's own environment must not configure it by accident.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...startEnvironment(),
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the bench server did not start within ${START_TIMEOUT_MS / 1000} s (see ${options.logFile})`));
    }, START_TIMEOUT_MS);
    const exitedEarly = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`the bench server exited with code ${code} before listening (see ${options.logFile})`));
    };
    child.once('exit', exitedEarly);
    child.once('message', (message: { port: number }) => {
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      const pid = child.pid!;
      resolve({
        baseUrl: `http://127.0.0.1:${message.port}`,
        pid,
        memory: () => processMemory(pid),
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
