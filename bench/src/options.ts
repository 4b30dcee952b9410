import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The measures BENCH_ONLY can pick, by name. */
export const MEASURES = ['javascript', 'marketplace', 'memory', 'bytes', 'lighthouse', 'accepts', 'chat', 'chat-load', 'forgot-password', 'mail', 'proposal-mail', 'gazetteer', 'saved-searches', 'round-trips', 'fan-out', 'move', 'cold-start', 'growth'] as const;
export type Measure = (typeof MEASURES)[number];
/** Run only when BENCH_ONLY names them: the growth curves make a million listings, several minutes. */
const OPT_IN: ReadonlySet<Measure> = new Set(['growth']);

export interface BenchOptions {
  /** BENCH_LISTINGS, default 100,000. */
  listings: number;
  /** BENCH_DATABASE_URL: a PostgreSQL server where the bench may create and drop its own database. */
  databaseUrl: string | undefined;
  /** CHROME_PATH, else /usr/bin/chromium when it exists: Lighthouse needs one. */
  chromium: string | undefined;
  /** BENCH_ONLY: a comma-separated subset of MEASURES to run (all of them when unset). */
  only: ReadonlySet<Measure>;
  /** BENCH_GROWTH_SIZES: the catalogue sizes the growth measure runs at (PGlite stops at 100,000). */
  growthSizes: number[];
  /** Ignored by git: latest.json, the servers' logs, the cached PGlite data. */
  resultsDir: string;
}

const DEFAULT_LISTINGS = 100_000;
const DEFAULT_GROWTH_SIZES = [10_000, 100_000, 1_000_000];
const MIN_LISTINGS = 1000;

const isListingCount = (value: number) => Number.isInteger(value) && value >= MIN_LISTINGS;
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The only place the bench reads its environment. */
export function readOptions(env: NodeJS.ProcessEnv): BenchOptions {
  const listings = env.BENCH_LISTINGS ? Number(env.BENCH_LISTINGS) : DEFAULT_LISTINGS;
  if (!isListingCount(listings)) {
    throw new Error(`BENCH_LISTINGS must be a whole number of at least ${MIN_LISTINGS} (got "${env.BENCH_LISTINGS}")`);
  }
  const growthSizes = env.BENCH_GROWTH_SIZES ? env.BENCH_GROWTH_SIZES.split(',').map((size) => Number(size.trim())) : DEFAULT_GROWTH_SIZES;
  if (!growthSizes.every(isListingCount)) {
    throw new Error(`BENCH_GROWTH_SIZES must be comma-separated whole numbers of at least ${MIN_LISTINGS} (got "${env.BENCH_GROWTH_SIZES}")`);
  }
  if (env.BENCH_DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.BENCH_DATABASE_URL)) {
    throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');
  }
  const only = env.BENCH_ONLY ? env.BENCH_ONLY.split(',').map((name) => name.trim()) : MEASURES.filter((name) => !OPT_IN.has(name));
  const unknown = only.filter((name) => !(MEASURES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`BENCH_ONLY names unknown measures: ${unknown.join(', ')} (known: ${MEASURES.join(', ')})`);
  }
  const chromium = env.CHROME_PATH || (fs.existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : undefined);
  return {
    listings,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    chromium,
    only: new Set(only as Measure[]),
    growthSizes: [...growthSizes].sort((a, b) => a - b),
    resultsDir: fileURLToPath(new URL('../results', import.meta.url)),
  };
}
