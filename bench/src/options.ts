import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface BenchOptions {
  /** BENCH_LISTINGS, default 100,000. */
  listings: number;
  /** BENCH_DATABASE_URL: a PostgreSQL server where the bench may create and drop its own database. */
  databaseUrl: string | undefined;
  /** CHROME_PATH, else /usr/bin/chromium when it exists: Lighthouse needs one. */
  chromium: string | undefined;
  /** Ignored by git: latest.json, the servers' logs, the cached PGlite data. */
  resultsDir: string;
}

const DEFAULT_LISTINGS = 100_000;
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** The only place the bench reads its environment. */
export function readOptions(env: NodeJS.ProcessEnv): BenchOptions {
  const listings = env.BENCH_LISTINGS ? Number(env.BENCH_LISTINGS) : DEFAULT_LISTINGS;
  if (!Number.isInteger(listings) || listings < 1000) {
    throw new Error(`BENCH_LISTINGS must be a whole number of at least 1000 (got "${env.BENCH_LISTINGS}")`);
  }
  if (env.BENCH_DATABASE_URL && !/^postgres(ql)?:\/\//.test(env.BENCH_DATABASE_URL)) {
    throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');
  }
  const chromium = env.CHROME_PATH || (fs.existsSync(DEFAULT_CHROMIUM) ? DEFAULT_CHROMIUM : undefined);
  return {
    listings,
    databaseUrl: env.BENCH_DATABASE_URL || undefined,
    chromium,
    resultsDir: fileURLToPath(new URL('../results', import.meta.url)),
  };
}
