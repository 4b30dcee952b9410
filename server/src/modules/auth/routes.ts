import {
  changePasswordBody,
  confirmEmailBody,
  emailChangeBody,
  emailChangeResponse,
  deviceSessionParams,
  deviceSessionsResponse,
  forgotPasswordBody,
  languageBody,
  loginBody,
  meResponse,
  messageResponse,
  registerBody,
  registerResponse,
  resetPasswordBody,
  TEXT,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { requireSession } from './authentication.ts';
import { byAccountEmail, byEmail, byIp, type RateLimiter, type SignInLimits } from '../../plugins/rate-limit.ts';
import type { AuthService } from './service.ts';
import type { SessionCookie } from './session-cookie.ts';

/** signIn: the sign-in budgets, which every route that checks a typed password draws on. */
export function authRoutes(auth: AuthService, cookie: SessionCookie, config: Config, signIn: SignInLimits, limiter: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const limits = config.rateLimits;
    // Forgot, reset and email confirmation share one per-IP budget: all are ways to probe accounts and links.
    const resetPerIp = limiter.limit('reset-ip', limits.resetPerIp, byIp);
    const reauthPerEmail = signIn.perEmail(byAccountEmail);

    api.post(
      '/api/auth/register',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: registerBody, response: { 201: registerResponse } },
        preHandler: limiter.limit('register-ip', limits.registerPerIp, byIp),
      },
      async (request, reply) => {
        const signedIn = await auth.register(request.body, request.headers['user-agent']);
        cookie.set(reply, signedIn.token, signedIn.remember);
        return reply.code(201).send({ user: signedIn.user, message: signedIn.message });
      },
    );

    api.post(
      '/api/auth/login',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: loginBody, response: { 200: meResponse } },
        preHandler: [signIn.perIp, signIn.perEmail(byEmail)],
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
        preHandler: [resetPerIp, limiter.limit('reset-email', limits.resetPerEmail, byEmail)],
      },
      async (request) => {
        await auth.requestPasswordReset(request.body);
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

    api.post(
      '/api/me/password',
      { schema: { tags: ['auth'], body: changePasswordBody }, preHandler: [signIn.perIp, reauthPerEmail] },
      async (request, reply) => {
        await auth.changePassword(requireSession(request), request.body);
        return reply.code(204).send();
      },
    );

    api.put('/api/me/language', { schema: { tags: ['auth'], body: languageBody } }, async (request, reply) => {
      await auth.setLanguage(requireSession(request), request.body);
      return reply.code(204).send();
    });

    api.get('/api/me/email-change', { schema: { tags: ['auth'], response: { 200: emailChangeResponse } } }, (request) =>
      auth.pendingEmailChange(requireSession(request)),
    );

    api.post(
      '/api/me/email-change',
      {
        schema: { tags: ['auth'], body: emailChangeBody, response: { 200: emailChangeResponse } },
        preHandler: [signIn.perIp, reauthPerEmail],
      },
      (request) => auth.requestEmailChange(requireSession(request), request.body),
    );

    api.delete('/api/me/email-change', { schema: { tags: ['auth'] } }, async (request, reply) => {
      await auth.cancelEmailChange(requireSession(request));
      return reply.code(204).send();
    });

    api.post(
      '/api/auth/confirm-email',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: confirmEmailBody, response: { 200: messageResponse } },
        preHandler: resetPerIp,
      },
      async (request) => {
        await auth.confirmEmailChange(request.body);
        return { message: TEXT.account.emailChanged };
      },
    );
  };
}
