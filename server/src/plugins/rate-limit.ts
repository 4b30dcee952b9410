import { TEXT } from '@swapyard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config, RateLimit } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

interface Window {
  count: number;
  resetAt: number;
}

const SWEEP_ABOVE_KEYS = 10_000;

/**
 * A fixed-window counter per key, in this instance's memory. A route may stack several
 * (per IP and per email), which @fastify/rate-limit does not allow: it runs one limiter per request.
 */
export function rateLimit(limit: RateLimit, keyOf: KeyOf) {
  return rateBudget(limit)(keyOf);
}

type KeyOf = (request: FastifyRequest) => string | Promise<string>;

/**
 * One budget drawn on from several routes that find their key each their own way: a sign-in finds
 * the email in its body, a signed-in member's password check in their session.
 */
export function rateBudget(limit: RateLimit) {
  const windows = new Map<string, Window>();

  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  return (keyOf: KeyOf) =>
    async function limitRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const key = await keyOf(request);
      const now = Date.now();
      if (windows.size > SWEEP_ABOVE_KEYS) sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + limit.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit.max) {
        const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
        reply.header('retry-after', retryAfter);
        throw new AppError(429, 'RATE_LIMITED', TEXT.errors.tooManyRequestsFor(retryAfter));
      }
    };
}

/** One counter, shared by every route that uses this instance of it. */
export type RequestLimit = ReturnType<typeof rateLimit>;

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
export function signInLimits(limits: Config['rateLimits']) {
  return { perIp: rateLimit(limits.loginPerIp, byIp), perEmail: rateBudget(limits.loginPerEmail) };
}
export type SignInLimits = ReturnType<typeof signInLimits>;

/**
 * One limiter per kind of member action, shared by every route of that kind: a member's uploads
 * count together whether they are listings, a photo or chat images.
 */
export function memberLimits(limits: Config['rateLimits']) {
  const uploads = rateLimit(limits.uploadsPerMember, byMember);
  return {
    proposals: rateLimit(limits.proposalsPerMember, byMember),
    messages: rateLimit(limits.messagesPerMember, byMember),
    dataExports: rateLimit(limits.dataExportsPerMember, byMember),
    reports: rateLimit(limits.reportsPerMember, byMember),
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
