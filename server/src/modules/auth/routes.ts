import {
  deviceSessionParams,
  deviceSessionsResponse,
  forgotPasswordBody,
  loginBody,
  meResponse,
  messageResponse,
  registerBody,
  resetPasswordBody,
  TEXT,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { requireSession } from './authentication.ts';
import { byEmail, byIp, rateLimit } from '../../plugins/rate-limit.ts';
import type { AuthService } from './service.ts';
import type { SessionCookie } from './session-cookie.ts';

export function authRoutes(auth: AuthService, cookie: SessionCookie, config: Config) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const limits = config.rateLimits;
    // Forgot and reset share one per-IP budget: both are ways to probe accounts.
    const resetPerIp = rateLimit(limits.resetPerIp, byIp);

    api.post(
      '/api/auth/register',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: registerBody, response: { 201: meResponse } },
        preHandler: rateLimit(limits.registerPerIp, byIp),
      },
      async (request, reply) => {
        const signedIn = await auth.register(request.body, request.headers['user-agent']);
        cookie.set(reply, signedIn.token, signedIn.remember);
        return reply.code(201).send({ user: signedIn.user });
      },
    );

    api.post(
      '/api/auth/login',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: loginBody, response: { 200: meResponse } },
        preHandler: [rateLimit(limits.loginPerIp, byIp), rateLimit(limits.loginPerEmail, byEmail)],
      },
      async (request, reply) => {
        const { email, password, remember } = request.body;
        const signedIn = await auth.login(email, password, remember, cookie.read(request), request.headers['user-agent']);
        cookie.set(reply, signedIn.token, signedIn.remember);
        return { user: signedIn.user };
      },
    );

    api.post('/api/auth/logout', { config: { public: true }, schema: { tags: ['auth'] } }, async (request, reply) => {
      const token = cookie.read(request);
      if (token) await auth.logout(token);
      cookie.clear(reply);
      return reply.code(204).send();
    });

    api.get('/api/me', { schema: { tags: ['auth'], response: { 200: meResponse } } }, async (request) => ({
      user: await requireSession(request).user(),
    }));

    api.get(
      '/api/me/sessions',
      { schema: { tags: ['auth'], summary: 'The browsers the member is signed in with', response: { 200: deviceSessionsResponse } } },
      async (request) => ({ sessions: await auth.listSessions(requireSession(request)) }),
    );

    api.delete(
      '/api/me/sessions/:id',
      { schema: { tags: ['auth'], summary: 'Signs out one of the other browsers of the member', params: deviceSessionParams } },
      async (request, reply) => {
        await auth.endSession(requireSession(request), request.params.id);
        return reply.code(204).send();
      },
    );

    api.post(
      '/api/me/sessions/end-others',
      { schema: { tags: ['auth'], summary: 'Signs every browser of the member out but this one' } },
      async (request, reply) => {
        await auth.endOtherSessions(requireSession(request));
        return reply.code(204).send();
      },
    );

    api.post(
      '/api/auth/forgot-password',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: forgotPasswordBody, response: { 200: messageResponse } },
        preHandler: [resetPerIp, rateLimit(limits.resetPerEmail, byEmail)],
      },
      async (request) => {
        auth.requestPasswordReset(request.body);
        return { message: TEXT.account.resetRequested };
      },
    );

    api.post(
      '/api/auth/reset-password',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageResponse } },
        preHandler: resetPerIp,
      },
      async (request) => {
        await auth.resetPassword(request.body);
        return { message: TEXT.account.passwordChanged };
      },
    );
  };
}
