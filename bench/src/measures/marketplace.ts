import { MARKETPLACE_PAGE_SIZE, type ItemPage } from '@swapyard/contract';
import { REAL_PLACES } from '../../../server/src/test/places.ts';
import { RARE_WORD } from '../data/vocabulary.ts';
import { requestJson } from '../lib/http.ts';
import { load, summarise, type LoadResult, type LoadSummary } from '../lib/load.ts';
import { formatNumber, ms, passIf, perSecond, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { median } from '../lib/stats.ts';
import { BARE_ITEMS_PATH, DRIVER_ITEMS_PATH } from '../server/bench-routes.ts';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 1;
const SLICE_SECONDS = 1.5;
const PAIRS = 4;
const THROUGHPUT_BUDGET = 0.7;
const SEARCH_P50_BUDGET = 2;
/** Issue 19: the real route at least half as fast as the driver alone can serve the page. */
const DRIVER_SHARE_GOAL = 0.5;

interface Scenario {
  name: string;
  query: Record<string, string>;
  /** The first page is held to throughput, searches to their median time. */
  budget: 'throughput' | 'p50';
  /** Also measured against the driver route (PostgreSQL only). */
  againstDriver?: boolean;
}

const LEEDS = String(REAL_PLACES.find((place) => place.name === 'Leeds')!.id);

const SCENARIOS: Scenario[] = [
  { name: 'marketplace first page', query: {}, budget: 'throughput', againstDriver: true },
  { name: 'search, common word ("vintage")', query: { q: 'vintage' }, budget: 'p50' },
  { name: `search, rare word ("${RARE_WORD}")`, query: { q: RARE_WORD }, budget: 'p50' },
  {
    name: 'search, text + filters ("oak", Furniture, Leeds, 20-300, items)',
    query: { q: 'oak', category: 'Furniture', location: 'Leeds', minValue: '20', maxValue: '300', type: 'items' },
    budget: 'p50',
  },
  // Issue 17: distance search over listings spread evenly over real towns.
  { name: 'distance, 50 km of Leeds, nearest first', query: { near: LEEDS, within: '50', sort: 'nearest' }, budget: 'p50' },
  { name: 'distance, newest first within 25 km of Leeds, a word ("oak")', query: { near: LEEDS, within: '25', q: 'oak' }, budget: 'p50' },
];

const describe = (s: LoadSummary) =>
  `${perSecond(s.requestsPerSecond)}, p50 ${ms(s.latency.p50)}, p99 ${ms(s.latency.p99)}`;

type Route = 'real' | 'bare' | 'driver';

/**
 * The real marketplace route (session, validation, query, presentation) beside the bare route that
 * runs only its SQL, in the same server, in short back-to-back rounds (bare then real, then real then
 * bare, ...) so that load from elsewhere on the machine hits both alike; on PostgreSQL the first
 * page also beside the driver route (bench-routes.ts), in the same rounds. Throughput is compared
 * round by round; latency percentiles pool every slice of each route.
 */
export async function measureMarketplace(where: string, server: ServerProcess, cookie: string): Promise<Result[]> {
  const results: Result[] = [];
  const options = { headers: { cookie }, connections: CONNECTIONS };
  for (const scenario of SCENARIOS) {
    const query = new URLSearchParams(scenario.query).toString();
    const realPath = `/api/items?${query}`;
    const real = `${server.baseUrl}${realPath}`;
    const urls: Partial<Record<Route, string>> = {
      real,
      bare: `${server.baseUrl}${BARE_ITEMS_PATH}?${query}`,
      ...(scenario.againstDriver && where === 'PostgreSQL' ? { driver: `${server.baseUrl}${DRIVER_ITEMS_PATH}` } : {}),
    };
    const routes = (Object.keys(urls) as Route[]).sort((a, b) => (a === 'bare' ? -1 : b === 'bare' ? 1 : 0));
    const page = await requestJson<ItemPage>(server.baseUrl, 'GET', realPath, { cookie });
    for (const route of routes) await load(urls[route]!, { ...options, seconds: WARMUP_SECONDS });

    const runs: Record<Route, LoadResult[]> = { real: [], bare: [], driver: [] };
    const pairRatios: number[] = [];
    const driverRatios: number[] = [];
    const rate = (run: LoadResult) => run.requests / run.seconds;
    for (let pair = 0; pair < PAIRS; pair++) {
      const order = pair % 2 === 0 ? routes : [...routes].reverse();
      for (const route of order) runs[route].push(await load(urls[route]!, { ...options, seconds: SLICE_SECONDS }));
      pairRatios.push(rate(runs.real[pair]!) / rate(runs.bare[pair]!));
      if (urls.driver) driverRatios.push(rate(runs.real[pair]!) / rate(runs.driver[pair]!));
    }
    const r = summarise(runs.real);
    const b = summarise(runs.bare);
    // Each pair ran back to back; the median of their ratios shrugs off a burst of load from elsewhere.
    const throughput = median(pairRatios);
    const p50 = r.latency.p50 / b.latency.p50;
    const p99 = r.latency.p99 / b.latency.p99;
    results.push({
      where,
      measure: `${scenario.name}: ${page.items.length} of ${MARKETPLACE_PAGE_SIZE} shown`,
      measured: `real route ${describe(r)}`,
      reference: `bare SQL route ${describe(b)}`,
      ratio: `throughput ${formatNumber(throughput, 2)}, p50 ${formatNumber(p50, 2)}, p99 ${formatNumber(p99, 2)}`,
      budget: scenario.budget === 'throughput' ? `throughput >= ${THROUGHPUT_BUDGET}` : `p50 <= ${SEARCH_P50_BUDGET}`,
      verdict: passIf(scenario.budget === 'throughput' ? throughput >= THROUGHPUT_BUDGET : p50 <= SEARCH_P50_BUDGET),
      figures: {
        realPerSecond: r.requestsPerSecond,
        barePerSecond: b.requestsPerSecond,
        realP50Ms: r.latency.p50,
        bareP50Ms: b.latency.p50,
        realP99Ms: r.latency.p99,
        bareP99Ms: b.latency.p99,
        throughputRatio: throughput,
        pooledThroughputRatio: r.requestsPerSecond / b.requestsPerSecond,
        p50Ratio: p50,
        p99Ratio: p99,
        shown: page.items.length,
      },
    });
    if (urls.driver) {
      const d = summarise(runs.driver);
      const share = median(driverRatios);
      results.push({
        where,
        measure: `${scenario.name}: the real route as a share of the driver's limit`,
        measured: `real route ${describe(r)}`,
        reference: `pg driver route (one prepared statement, JSON built in SQL) ${describe(d)}`,
        ratio: `throughput ${formatNumber(share * 100)}%, p50 ${formatNumber(r.latency.p50 / d.latency.p50, 2)}x`,
        budget: `throughput >= ${formatNumber(DRIVER_SHARE_GOAL * 100)}% (issue 19)`,
        verdict: passIf(share >= DRIVER_SHARE_GOAL),
        figures: { realPerSecond: r.requestsPerSecond, driverPerSecond: d.requestsPerSecond, share, realP50Ms: r.latency.p50, driverP50Ms: d.latency.p50 },
      });
    }
  }
  return results;
}
