import { REMEMBERED_SESSION_DAYS } from '@swapyard/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

export interface SessionCookie {
  read(request: FastifyRequest): string | undefined;
  set(reply: FastifyReply, token: string, remember: boolean): void;
  clear(reply: FastifyReply): void;
}

/** Over HTTPS the __Host- prefix pins the cookie to this exact origin. */
export function sessionCookie(config: Config): SessionCookie {
  const secure = config.publicUrl?.startsWith('https:') ?? false;
  const name = secure ? '__Host-swapyard_session' : 'swapyard_session';
  const base = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  return {
    read: (request) => request.cookies[name],
    // Without Remember me the cookie has no expiry and ends with the browser.
    set: (reply, token, remember) => {
      reply.setCookie(name, token, remember ? { ...base, maxAge: REMEMBERED_SESSION_DAYS * 86_400 } : base);
    },
    clear: (reply) => {
      reply.clearCookie(name, base);
    },
  };
}
