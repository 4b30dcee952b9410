import { TEXT, waitIn } from '@swapyard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config, RateLimit } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import type { RateLimitStore } from '../rate-limits/stores.ts';

type KeyOf = (request: FastifyRequest) => string | Promise<string>;

/**
 * Fixed-window counters per key, kept in `store`: this instance's memory with PGlite, a table every
 * instance shares with PostgreSQL (rate-limits/stores.ts, docs/decisions/025). A route may stack
 * several (per IP and per email), which @fastify/rate-limit does not allow: it runs one limiter per request.
 */
export function rateLimiter(store: RateLimitStore) {
  const counters = new Set<string>();

  /**
   * One budget drawn on from several routes that find their key each their own way: a sign-in finds
   * the email in its body, a signed-in member's password check in their session. `counter` names it
   * in the store: the same in every instance, and never given to two budgets, whose counts would mix.
   */
  function budget(counter: string, limit: RateLimit) {
    if (counters.has(counter)) throw new Error(`two rate limits are called ${counter}`);
    counters.add(counter);
    return (keyOf: KeyOf) =>
      async function limitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
        const { count, resetInMs } = await store.hit(`${counter}:${await keyOf(request)}`, limit.windowMs);
        if (count > limit.max) {
          const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
          reply.header('retry-after', retryAfter);
          throw new AppError(429, 'RATE_LIMITED', TEXT.errors.tooManyRequestsFor(waitIn(retryAfter)));
        }
      };
  }

  return {
    budget,
    /** A budget with one way of finding its key. */
    limit: (counter: string, limit: RateLimit, keyOf: KeyOf) => budget(counter, limit)(keyOf),
  };
}
export type RateLimiter = ReturnType<typeof rateLimiter>;

/** One counter, shared by every route that uses this instance of it. */
export type RequestLimit = ReturnType<RateLimiter['limit']>;

export const byIp = (request: FastifyRequest) => request.ip;

/** Emails are case-insensitive, so is their limit. Runs after validation, when the body is parsed. */
export const byEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};

/**
 * A signed-in member typing their password again (to change it, or their email) is counted with
 * sign-ins to their own address, so a stolen session adds no guesses to what the sign-in form allows.
 */
export const byAccountEmail = async (request: FastifyRequest) =>
  request.session ? (await request.session.user()).email.toLowerCase() : `ip:${request.ip}`;

/** Signed-in actions count per member, whatever address they come from. */
export const byMember = (request: FastifyRequest) => request.session?.userId ?? `ip:${request.ip}`;

/**
 * Every check of a typed password draws on these, whichever form it comes from (sign-in, a
 * password or email change, deleting the account): per address, and per the account's email.
 */
export function signInLimits(limiter: RateLimiter, limits: Config['rateLimits']) {
  return { perIp: limiter.limit('sign-in-ip', limits.loginPerIp, byIp), perEmail: limiter.budget('sign-in-email', limits.loginPerEmail) };
}
export type SignInLimits = ReturnType<typeof signInLimits>;

/**
 * One limiter per kind of member action, shared by every route of that kind: a member's uploads
 * count together whether they are listings, a photo or chat images.
 */
export function memberLimits(limiter: RateLimiter, limits: Config['rateLimits']) {
  const uploads = limiter.limit('uploads', limits.uploadsPerMember, byMember);
  return {
    proposals: limiter.limit('proposals', limits.proposalsPerMember, byMember),
    messages: limiter.limit('messages', limits.messagesPerMember, byMember),
    dataExports: limiter.limit('data-exports', limits.dataExportsPerMember, byMember),
    reports: limiter.limit('reports', limits.reportsPerMember, byMember),
    /**
     * For a route that takes files (signed-out senders are refused earlier, by the sign-in gate): a
     * member over the upload limit (429) is answered before a byte of the body is read, and the
     * connection closes after the answer instead of reading up to 40 MB only to throw it away.
     */
    beforeUpload() {
      return async function refuseBeforeReading(request: FastifyRequest, reply: FastifyReply): Promise<void> {
        try {
          await uploads(request, reply);
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      };
    },
  };
}
export type MemberLimits = ReturnType<typeof memberLimits>;
