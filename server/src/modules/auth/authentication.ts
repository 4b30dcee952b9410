import { TEXT, type CurrentUser, type Role } from '@swapyard/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthenticated } from '../../lib/app-error.ts';
import type { AuthService, Session } from './service.ts';
import type { SessionCookie } from './session-cookie.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | undefined;
  }
  interface FastifyContextConfig {
    /** Open to signed-out visitors (sign-up, sign-in, health); every other /api route is signed-in only. */
    public?: boolean;
    /** The 401 text of a route whose SPEC.md text is not the general one, read when a request is refused. */
    signedOutMessage?: () => string;
  }
}

/**
 * Resolves the session cookie once per API request, and makes signed-in the default: every /api
 * route registered after this refuses a signed-out request with 401 before its body is read,
 * unless its options say `config: { public: true }`. A refused request that carries a body is
 * answered with Connection: close, so its bytes are never read.
 */
export function registerAuthentication(app: FastifyInstance, auth: AuthService, cookie: SessionCookie): void {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.session = await auth.resolve(cookie.read(request));
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public) return;
    const message = route.config?.signedOutMessage ?? (() => TEXT.auth.required);
    const refuseSignedOut = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.session) return;
      if (request.headers['content-length'] || request.headers['transfer-encoding']) reply.header('connection', 'close');
      throw unauthenticated(message());
    };
    route.onRequest = [...toArray(route.onRequest), refuseSignedOut];
    if (route.url.startsWith(ADMIN_PREFIX)) route.onRequest = [...route.onRequest, hideFromMembers];
  });
}

const ADMIN_PREFIX = '/api/admin/';

/** The operator's routes answer a member as if they did not exist, before the body is read. */
const hideFromMembers = async (request: FastifyRequest, reply: FastifyReply) => {
  const user = await requireSession(request).user();
  if (user.role !== 'member') return;
  if (request.headers['content-length'] || request.headers['transfer-encoding']) reply.header('connection', 'close');
  throw notFound(TEXT.errors.notFound);
};

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** The session of a signed-in route: the gate above has already refused a request without one. */
export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthenticated(TEXT.auth.required);
  return request.session;
}

const RANK: Record<Role, number> = { member: 0, moderator: 1, admin: 2 };

/**
 * The signed-in member, when their role reaches `least`. Under /api/admin/ a member never gets this
 * far (404); a moderator asking for an admin's action is told it is not theirs.
 */
export async function requireRole(request: FastifyRequest, least: Exclude<Role, 'member'>): Promise<CurrentUser> {
  const user = await requireSession(request).user();
  if (RANK[user.role] >= RANK[least]) return user;
  throw user.role === 'member' ? notFound(TEXT.errors.notFound) : forbidden(TEXT.errors.adminsOnly);
}
