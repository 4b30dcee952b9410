import { bytes, formatNumber, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';

/** The server's resident memory, read from /proc after it has served the marketplace over all the listings. */
export function measureMemory(where: string, server: ServerProcess, listings: number): Result {
  const { rssBytes, peakRssBytes } = server.memory();
  return {
    where,
    measure: `server resident memory with ${formatNumber(listings)} listings, after the marketplace runs`,
    measured: `${bytes(rssBytes)} (peak ${bytes(peakRssBytes)})`,
    reference: '-',
    ratio: '-',
    budget: 'reported',
    verdict: 'INFO',
    figures: { rssBytes, peakRssBytes },
  };
}
