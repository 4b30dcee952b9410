import { TEXT } from '@swapyard/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { forbidden } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Answers a state change from any Origin. Only for a route that carries no cookie power and whose
     * permission travels in its URL: the one-click unsubscribe, which mail providers POST (RFC 8058).
     */
    crossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function expectedOrigin(config: Config, request: FastifyRequest): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : `${request.protocol}://${request.host}`;
}

export function assertSameOrigin(config: Config, request: FastifyRequest): void {
  if (request.headers.origin !== expectedOrigin(config, request)) throw forbidden(TEXT.errors.foreignOrigin);
}

/** Cookies ride along on cross-site requests; a same-origin Origin header is what proves the page is ours. */
export function registerSameOriginCheck(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && !request.routeOptions.config.crossSite) assertSameOrigin(config, request);
  });
}
