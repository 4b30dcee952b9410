import { MARKETPLACE_PAGE_SIZE, type ItemCard } from '@swapyard/contract';
import { gzipSync } from 'node:zlib';
import { median } from '../lib/stats.ts';
import { bytes, formatNumber, ms, passIf, ratio, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { ALL_LISTINGS_PATH } from '../server/bench-routes.ts';

const PAGE_REPEATS = 7;
const ALL_REPEATS = 3;
const BYTES_BUDGET = 1000;

interface Fetched {
  body: string;
  /** From sending the request to holding the first results, parsed and ready to draw. */
  firstResultsMs: number;
  shown: number;
}

async function firstResults(url: string, cookie: string, pick: (items: ItemCard[]) => ItemCard[]): Promise<Fetched> {
  const started = performance.now();
  // Uncompressed, as this measure is defined: the server would compress both answers for a browser.
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  const shown = pick((JSON.parse(body) as { items: ItemCard[] }).items);
  return { body, firstResultsMs: performance.now() - started, shown: shown.length };
}

/**
 * The marketplace's first page against what a design that filters in the browser downloads before
 * it can show anything: every available listing. Sizes uncompressed (asked for without
 * compression) and gzipped; times from the request to the first page's results parsed in the client.
 */
export async function measureBytes(where: string, server: ServerProcess, cookie: string): Promise<Result[]> {
  const pages: Fetched[] = [];
  for (let i = 0; i < PAGE_REPEATS; i++) pages.push(await firstResults(`${server.baseUrl}/api/items`, cookie, (items) => items));
  const everything: Fetched[] = [];
  for (let i = 0; i < ALL_REPEATS; i++) {
    // The browser would filter and sort here; the list already comes newest first.
    everything.push(await firstResults(`${server.baseUrl}${ALL_LISTINGS_PATH}`, cookie, (items) => items.slice(0, MARKETPLACE_PAGE_SIZE)));
  }
  const pageBytes = Buffer.byteLength(pages[0]!.body);
  const allBytes = Buffer.byteLength(everything[0]!.body);
  const pageGzip = gzipSync(pages[0]!.body).length;
  const allGzip = gzipSync(everything[0]!.body).length;
  const listings = (JSON.parse(everything[0]!.body) as { items: unknown[] }).items.length;
  const pageMs = median(pages.map((p) => p.firstResultsMs));
  const allMs = median(everything.map((p) => p.firstResultsMs));
  return [
    {
      where,
      measure: `bytes for the first marketplace page vs all ${formatNumber(listings)} available listings`,
      measured: `${bytes(pageBytes)} (${bytes(pageGzip)} gzipped)`,
      reference: `${bytes(allBytes)} (${bytes(allGzip)} gzipped)`,
      ratio: `${ratio(allBytes / pageBytes)} fewer (${ratio(allGzip / pageGzip)} gzipped)`,
      budget: `>= ${formatNumber(BYTES_BUDGET)}x fewer`,
      verdict: passIf(allBytes / pageBytes >= BYTES_BUDGET),
      figures: { pageBytes, allBytes, pageGzip, allGzip, listings, pageShown: pages[0]!.shown, allShown: everything[0]!.shown },
    },
    {
      where,
      measure: `time to the first results (request to ${MARKETPLACE_PAGE_SIZE} listings parsed)`,
      measured: `first page ${ms(pageMs)}`,
      reference: `all listings ${ms(allMs)}`,
      ratio: `${ratio(allMs / pageMs)} sooner`,
      budget: 'sooner',
      verdict: passIf(pageMs < allMs),
      figures: { pageMs, allMs },
    },
  ];
}
