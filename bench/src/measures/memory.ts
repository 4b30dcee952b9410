import type { ItemPage } from '@swapyard/contract';
import { REAL_PLACES } from '../../../server/src/test/places.ts';
import { RARE_WORD } from '../data/vocabulary.ts';
import { requestJson } from '../lib/http.ts';
import { bytes, formatNumber, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';

/** Issue 19: the PGlite server with 100,000 listings under 300 MB resident. */
const PGLITE_BUDGET_BYTES = 300 * 1024 * 1024;
/** Pages a member scrolls through, newest first. */
const PAGES = 20;
/** Each search asked this many times, as many members would. */
const ROUNDS = 10;
const LEEDS = String(REAL_PLACES.find((place) => place.name === 'Leeds')!.id);
const SEARCHES: Record<string, string>[] = [{ q: 'vintage' }, { q: RARE_WORD }, { q: 'oak', category: 'Furniture', minValue: '20', maxValue: '300' }, { near: LEEDS, within: '50', sort: 'nearest' }];

/** Scrolls the marketplace and runs its searches, so the figure holds what serving them keeps. */
async function browse(server: ServerProcess, cookie: string): Promise<number> {
  let requests = 0;
  let cursor: string | null = null;
  for (let page = 0; page < PAGES; page++) {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    ({ nextCursor: cursor } = await requestJson<ItemPage>(server.baseUrl, 'GET', `/api/items${query}`, { cookie }));
    requests++;
    if (!cursor) break;
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const search of SEARCHES) {
      await requestJson<ItemPage>(server.baseUrl, 'GET', `/api/items?${new URLSearchParams(search).toString()}`, { cookie });
      requests++;
    }
  }
  return requests;
}

/**
 * The server's resident memory (VmRSS, and VmHWM, its peak so far) with all the listings: as it was
 * right after it started, and after a member has browsed the marketplace (and after whatever load
 * measures ran before this one, which the row names).
 */
export async function measureMemory(
  where: string,
  server: ServerProcess,
  cookie: string,
  listings: number,
  atStart: { rssBytes: number; peakRssBytes: number },
  ranBefore: string[],
): Promise<Result> {
  const requests = await browse(server, cookie);
  const { rssBytes, peakRssBytes } = server.memory();
  const before = ranBefore.length > 0 ? ` after ${ranBefore.join(', ')}` : '';
  return {
    where,
    measure: `server resident memory with ${formatNumber(listings)} listings, after browsing the marketplace (${requests} requests)${before}`,
    measured: `${bytes(rssBytes)} (peak ${bytes(peakRssBytes)})`,
    reference: `right after start: ${bytes(atStart.rssBytes)} (peak ${bytes(atStart.peakRssBytes)})`,
    ratio: '-',
    budget: where === 'PGlite' ? `<= ${bytes(PGLITE_BUDGET_BYTES)}` : 'reported',
    verdict: where === 'PGlite' ? (rssBytes <= PGLITE_BUDGET_BYTES ? 'PASS' : 'MISS') : 'INFO',
    figures: { rssBytes, peakRssBytes, atStartRssBytes: atStart.rssBytes, atStartPeakRssBytes: atStart.peakRssBytes, requests },
  };
}
