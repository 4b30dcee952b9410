// autocannon ships no types; this covers what the benchmarks use.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    /** setupRequest's answer is merged over the options for each request (method, path, headers, body). */
    requests?: { setupRequest: (request: object) => object }[];
  }

  interface Result {
    requests: { total: number; average: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }

  interface Tracker extends EventEmitter {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
  }

  function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): Tracker;
  export default autocannon;
}
