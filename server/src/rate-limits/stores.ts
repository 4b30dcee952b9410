import type { FastifyBaseLogger } from 'fastify';
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { deleteEnded, hit, type Hit } from './repository.ts';

export type { Hit };

/** Where the rate limiter counts its fixed windows, one per key (plugins/rate-limit.ts). */
export interface RateLimitStore {
  /** Counts one request in `key`'s window, starting a window of `windowMs` when none is running. */
  hit(key: string, windowMs: number): Promise<Hit>;
  /** Forgets the windows that have ended; every instance runs it now and then (buildApp). */
  sweep(): Promise<void>;
}

const SWEEP_ABOVE_KEYS = 10_000;

/** This process's memory: all there is with PGlite, where one process serves the site. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  async hit(key: string, windowMs: number): Promise<Hit> {
    const now = Date.now();
    // A flood of distinct keys (addresses) would otherwise wait for the next sweep to be let go.
    if (this.windows.size > SWEEP_ABOVE_KEYS) this.forgetEnded(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async sweep(): Promise<void> {
    this.forgetEnded(Date.now());
  }

  private forgetEnded(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * One PostgreSQL table every instance counts in, so N instances allow one limit, not N
 * (docs/decisions/025). Keys are stored as an HMAC under a server secret: the table and any
 * statement log show no member's email or address.
 *
 * When the count cannot be made (the database away), the request is counted in this instance's
 * memory instead: the limits still hold per instance, as they did before the table, and the limiter
 * adds no 5xx of its own.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private readonly fallback = new MemoryRateLimitStore();
  private degraded = false;

  constructor(
    private readonly db: Database,
    private readonly keySecret: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    try {
      const counted = await hit(this.db, this.digest(key), windowMs);
      if (this.degraded) {
        this.degraded = false;
        this.log.info('rate limits are counted in the database again');
      }
      return counted;
    } catch (error) {
      // Once per outage: every request of it would say the same.
      if (!this.degraded) {
        this.degraded = true;
        this.log.warn({ err: error }, 'rate limits cannot be counted in the database: counting in this instance until it answers');
      }
      return this.fallback.hit(key, windowMs);
    }
  }

  async sweep(): Promise<void> {
    await this.fallback.sweep();
    await deleteEnded(this.db);
  }

  private digest(key: string): string {
    return createHmac('sha256', this.keySecret).update(key).digest('base64url');
  }
}
