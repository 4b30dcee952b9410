import autocannon from 'autocannon';
import { distribution, type Distribution } from './stats.ts';

export interface LoadOptions {
  headers?: Record<string, string>;
  seconds: number;
  connections: number;
  /** Made afresh for every request, for a load that writes (each with an id of its own); a GET of the URL when unset. */
  request?: () => LoadRequest;
}

export interface LoadRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadResult {
  requests: number;
  seconds: number;
  /** Every response's time in milliseconds, unrounded (autocannon's own histogram keeps whole milliseconds). */
  latencies: number[];
}

/** autocannon against one URL; any answer but 2xx, or any socket error, fails the run. */
export function load(url: string, { headers = {}, seconds, connections, request }: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const requests = request ? [{ setupRequest: (base: object) => ({ ...base, ...request() }) }] : undefined;
  return new Promise((resolve, reject) => {
    const tracker = autocannon({ url, connections, pipelining: 1, duration: seconds, headers, ...(requests ? { requests } : {}) }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
        return reject(new Error(`${url}: ${result.non2xx} answers were not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`));
      }
      resolve({ requests: latencies.length, seconds: (performance.now() - started) / 1000, latencies });
    });
    tracker.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  });
}

export interface LoadSummary {
  requestsPerSecond: number;
  latency: Distribution;
}

/** Several runs of one route taken together. */
export function summarise(runs: LoadResult[]): LoadSummary {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return { requestsPerSecond: requests / seconds, latency: distribution(runs.flatMap((run) => run.latencies)) };
}
