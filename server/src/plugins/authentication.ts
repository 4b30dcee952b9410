import { TEXT } from '@swapyard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/app-error.ts';
import type { AuthService, Session } from '../modules/auth/service.ts';
import type { SessionCookie } from '../modules/auth/session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | undefined;
  }
}

/** Resolves the session cookie once per API request; services get the member from here. */
export function registerAuthentication(app: FastifyInstance, auth: AuthService, cookie: SessionCookie): void {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.session = await auth.resolve(cookie.read(request));
  });
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated(TEXT.auth.required);
  return request.session;
}
