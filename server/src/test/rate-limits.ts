import { TEXT, waitIn } from '@swapyard/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** What a client over a limit sees: 429, a Retry-After in seconds, and the text that names the same wait. */
export function expectRateLimited(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(response.json()).toEqual({ error: { code: 'RATE_LIMITED', message: TEXT.errors.tooManyRequestsFor(waitIn(retryAfter)) } });
}
