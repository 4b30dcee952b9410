import type { ConversationSummary } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preparePglite, preparePostgres, type Dataset, type Engine } from '../data/dataset.ts';
import { inBatches, requestJson } from '../lib/http.ts';
import { load, summarise, type LoadOptions, type LoadResult, type LoadSummary } from '../lib/load.ts';
import { formatNumber, ms, perSecond, type Result } from '../lib/report.ts';
import { startServer, type ServerProcess } from '../lib/server-process.ts';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SLICE_SECONDS = 1.5;
const ROUNDS = 4;
/** PGlite's data is one process's, and a million listings there take longer to make than anyone would run it. */
const PGLITE_MAX_LISTINGS = 100_000;
/** The median may grow this much from the smallest catalogue to the largest and still count as flat. */
const FLAT_BUDGET = 2;
/** Conversations the sends rotate over, so no member is one sender of thousands. */
const CONVERSATIONS = 50;

type Route = 'marketplace first page' | 'search, common word ("vintage")' | 'message send';
const ROUTES: Route[] = ['marketplace first page', 'search, common word ("vintage")', 'message send'];

export interface GrowthPoint {
  engine: Engine;
  listings: number;
  route: Route;
  summary: LoadSummary;
  loadAverage: number;
}

/** One catalogue size: its data, a server on it, and each route's load. */
interface Size {
  dataset: Dataset;
  server: ServerProcess;
  routes: Record<Route, { url: string; options: Omit<LoadOptions, 'seconds'> }>;
}

async function conversationsOf(baseUrl: string, dataset: Dataset): Promise<{ path: string; cookie: string }[]> {
  const members = dataset.chatMembers.slice(0, CONVERSATIONS * 2);
  return inBatches(
    Array.from({ length: CONVERSATIONS }, (_, k) => k),
    10,
    async (k) => {
      const [from, to] = [members[2 * k]!, members[2 * k + 1]!];
      const { conversation } = await requestJson<{ conversation: ConversationSummary }>(baseUrl, 'POST', '/api/conversations', {
        cookie: from.cookie,
        body: { otherUserId: to.id },
      });
      return { path: `/api/conversations/${conversation.id}/messages`, cookie: from.cookie };
    },
  );
}

async function serve(engine: Engine, dataset: Dataset, resultsDir: string): Promise<Size> {
  const server = await startServer({
    dataDir: dataset.dataDir,
    logFile: path.join(resultsDir, `server-growth-${engine.toLowerCase()}-${dataset.marketplace.listings}.log`),
    ...(dataset.databaseUrl ? { databaseUrl: dataset.databaseUrl } : {}),
  });
  const conversations = await conversationsOf(server.baseUrl, dataset);
  let sent = 0;
  const send = () => {
    const conversation = conversations[sent++ % conversations.length]!;
    return {
      method: 'POST' as const,
      path: conversation.path,
      headers: { cookie: conversation.cookie, origin: server.baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: randomUUID(), text: `Is it still there? (${sent})` }),
    };
  };
  const get = { headers: { cookie: dataset.viewer.cookie }, connections: CONNECTIONS };
  return {
    dataset,
    server,
    routes: {
      'marketplace first page': { url: `${server.baseUrl}/api/items`, options: get },
      'search, common word ("vintage")': { url: `${server.baseUrl}/api/items?q=vintage`, options: get },
      'message send': { url: `${server.baseUrl}/`, options: { connections: CONNECTIONS, request: send } },
    },
  };
}

/**
 * Every size's server runs at once, and each route is loaded in short slices taking the sizes in
 * turn (rotated every round), so load from elsewhere on the machine falls on all sizes alike.
 */
async function measureEngine(engine: Engine, sizes: Size[]): Promise<GrowthPoint[]> {
  const points: GrowthPoint[] = [];
  for (const route of ROUTES) {
    for (const size of sizes) await load(size.routes[route].url, { ...size.routes[route].options, seconds: WARMUP_SECONDS });
    const runs: LoadResult[][] = sizes.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (let turn = 0; turn < sizes.length; turn++) {
        const index = (turn + round) % sizes.length;
        const { url, options } = sizes[index]!.routes[route];
        runs[index]!.push(await load(url, { ...options, seconds: SLICE_SECONDS }));
      }
    }
    const loadAverage = os.loadavg()[0]!;
    sizes.forEach((size, index) => points.push({ engine, listings: size.dataset.marketplace.listings, route, summary: summarise(runs[index]!), loadAverage }));
  }
  return points;
}

/** A text chart of p50 per size, one block per engine and route, for docs/performance.md. */
export function renderGrowthChart(points: GrowthPoint[]): string {
  const width = 50;
  const top = Math.max(...points.map((point) => point.summary.latency.p50));
  const lines: string[] = [`p50 latency, 10 connections; each # is ${formatNumber(top / width, 2)} ms`];
  for (const engine of new Set(points.map((point) => point.engine))) {
    for (const route of ROUTES) {
      lines.push('', `${engine}, ${route}`);
      for (const point of points.filter((p) => p.engine === engine && p.route === route)) {
        const bar = '#'.repeat(Math.max(1, Math.round((point.summary.latency.p50 / top) * width)));
        lines.push(`  ${formatNumber(point.listings).padStart(9)} | ${bar} ${ms(point.summary.latency.p50)}`);
      }
    }
  }
  return lines.join('\n');
}

/**
 * The marketplace's first page, a search for a common word and a message send, each under load at
 * every catalogue size (BENCH_GROWTH_SIZES): their cost should stay flat as the listings grow. Each
 * size gets data of its own (PGlite's is cached) and a server of its own, all running together.
 */
export async function measureGrowth(options: {
  sizes: number[];
  adminUrl: string | undefined;
  resultsDir: string;
  log: (line: string) => void;
}): Promise<Result[]> {
  const points: GrowthPoint[] = [];
  const engines: Engine[] = options.adminUrl ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  for (const engine of engines) {
    const sizes: Size[] = [];
    try {
      for (const listings of options.sizes) {
        if (engine === 'PGlite' && listings > PGLITE_MAX_LISTINGS) continue;
        // PGlite's cache keeps one size; the copy each run works on stays until it is disposed.
        const dataset =
          engine === 'PGlite'
            ? await preparePglite(listings, options.resultsDir, options.log)
            : await preparePostgres(options.adminUrl!, listings, options.log, `swapyard_bench_growth_${listings}`);
        options.log(`growth: ${engine}, ${formatNumber(listings)} listings ${dataset.fromCache ? 'from the cache' : `made in ${formatNumber(dataset.generationSeconds, 1)} s`}`);
        try {
          sizes.push(await serve(engine, dataset, options.resultsDir));
        } catch (error) {
          await dataset.dispose();
          throw error;
        }
      }
      points.push(...(await measureEngine(engine, sizes)));
    } finally {
      for (const size of sizes) {
        await size.server.stop();
        await size.dataset.dispose();
      }
    }
  }
  fs.writeFileSync(path.join(options.resultsDir, 'growth-chart.txt'), `${renderGrowthChart(points)}\n`);
  return points.map((point) => {
    const smallest = points.find((p) => p.engine === point.engine && p.route === point.route)!;
    const growth = point.summary.latency.p50 / smallest.summary.latency.p50;
    const isSmallest = point === smallest;
    return {
      where: point.engine,
      measure: `growth: ${point.route} at ${formatNumber(point.listings)} listings`,
      measured: `p50 ${ms(point.summary.latency.p50)}, p99 ${ms(point.summary.latency.p99)}, ${perSecond(point.summary.requestsPerSecond)}`,
      reference: isSmallest ? `the smallest size (load average ${formatNumber(point.loadAverage, 1)})` : `p50 at ${formatNumber(smallest.listings)}: ${ms(smallest.summary.latency.p50)} (load average ${formatNumber(point.loadAverage, 1)})`,
      ratio: isSmallest ? '-' : `p50 ${formatNumber(growth, 2)}x`,
      budget: isSmallest ? 'reported' : `p50 <= ${FLAT_BUDGET}x the smallest`,
      verdict: isSmallest ? 'INFO' : growth <= FLAT_BUDGET ? 'PASS' : 'MISS',
      figures: {
        listings: point.listings,
        p50Ms: point.summary.latency.p50,
        p99Ms: point.summary.latency.p99,
        perSecond: point.summary.requestsPerSecond,
        p50Growth: growth,
        loadAverage: point.loadAverage,
      },
    };
  });
}
