import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEnvironment } from '../../../scripts/start-environment.ts';
import { freePort } from '../../../server/src/test/free-port.ts';
import { freshBenchDatabase, type FreshDatabase } from '../data/fresh-database.ts';
import { sleep } from '../lib/http.ts';
import { bytes, formatNumber, type Result } from '../lib/report.ts';
import { processMemory } from '../lib/server-process.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const POLL_MS = 20;
const START_TIMEOUT_MS = 120_000;
/** How long the started server is left alone before its memory is read "at rest". */
const REST_MS = 5000;

async function answers(url: string, type: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status === 200 && (response.headers.get('content-type') ?? '').includes(type);
  } catch {
    return false;
  }
}

interface Start {
  seconds: number;
  rest: { rssBytes: number; peakRssBytes: number };
}

/**
 * `node server/dist/main.js`, the second half of `npm start`: timed from the spawn until both the web
 * app's page at / and /api/health answer 200.
 */
async function startOnce(env: Record<string, string>, logFile: string): Promise<Start> {
  const port = await freePort();
  const log = fs.openSync(logFile, 'w');
  const started = performance.now();
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...startEnvironment(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} (see ${logFile})`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`no first page within ${START_TIMEOUT_MS / 1000} s (see ${logFile})`);
      if ((await answers(`${base}/`, 'text/html')) && (await answers(`${base}/api/health`, 'application/json'))) break;
      await sleep(POLL_MS);
    }
    const seconds = (performance.now() - started) / 1000;
    await sleep(REST_MS);
    return { seconds, rest: processMemory(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** `npm run build`, the first half of `npm start`: the web app into web/dist, where the server serves it from, and the server's bundle. */
async function buildForStart(): Promise<number> {
  const started = performance.now();
  await promisify(execFile)('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  return (performance.now() - started) / 1000;
}

/**
 * Cold start as a member installing Swapyard meets it: the build timed on its own, then on each engine
 * the server started on an empty data directory (and for PostgreSQL an empty database), which it sets
 * up, and started again on what the first start made, and its memory at rest 5 s after the first page.
 */
export async function measureColdStart(options: { adminUrl: string | undefined; resultsDir: string }): Promise<Result[]> {
  const buildSeconds = await buildForStart();
  const results: Result[] = [
    {
      where: 'server',
      measure: 'npm start, first half: npm run build (web app into web/dist, server into server/dist)',
      measured: `${formatNumber(buildSeconds, 1)} s`,
      reference: 'not included in the start times below, which serve this build',
      ratio: '-',
      budget: 'reported',
      verdict: 'INFO',
      figures: { seconds: buildSeconds },
    },
  ];
  const engines: { where: string; open: () => Promise<{ env: Record<string, string>; dispose: () => Promise<void> }> }[] = [
    {
      where: 'PGlite',
      open: async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-cold-'));
        return { env: { DATA_DIR: dataDir }, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
      },
    },
  ];
  const adminUrl = options.adminUrl;
  if (adminUrl) {
    engines.push({
      where: 'PostgreSQL',
      open: async () => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-cold-'));
        const database: FreshDatabase = await freshBenchDatabase(adminUrl, 'swapyard_bench_cold');
        return {
          env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
          dispose: async () => {
            fs.rmSync(dataDir, { recursive: true, force: true });
            await database.drop();
          },
        };
      },
    });
  }
  for (const engine of engines) {
    const fresh = await engine.open();
    const logFile = (start: string) => path.join(options.resultsDir, `server-cold-${engine.where.toLowerCase()}-${start}.log`);
    let first: Start;
    let again: Start;
    try {
      first = await startOnce(fresh.env, logFile('first'));
      again = await startOnce(fresh.env, logFile('again'));
    } finally {
      await fresh.dispose();
    }
    results.push(
      {
        where: engine.where,
        measure: 'cold start: node server/dist/main.js on an empty DATA_DIR to / and /api/health answered (build not included)',
        measured: `${formatNumber(first.seconds, 2)} s (setting up the data, as after npm ci)`,
        reference: `started again on that data: ${formatNumber(again.seconds, 2)} s`,
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { firstSeconds: first.seconds, againSeconds: again.seconds },
      },
      {
        where: engine.where,
        measure: `server memory at rest, ${REST_MS / 1000} s after the first page, no listings`,
        measured: `${bytes(again.rest.rssBytes)} (peak ${bytes(again.rest.peakRssBytes)})`,
        reference: `the first start, which set the data up: ${bytes(first.rest.rssBytes)} (peak ${bytes(first.rest.peakRssBytes)})`,
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { rssBytes: again.rest.rssBytes, peakRssBytes: again.rest.peakRssBytes, firstRssBytes: first.rest.rssBytes, firstPeakRssBytes: first.rest.peakRssBytes },
      },
    );
  }
  return results;
}
