import { deleteAccountBody } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { byMember, rateLimit, type RequestLimit } from '../../plugins/rate-limit.ts';
import { requireSession } from '../auth/authentication.ts';
import type { SessionCookie } from '../auth/session-cookie.ts';
import type { AccountsService } from './service.ts';

export function accountRoutes(accounts: AccountsService, cookie: SessionCookie, config: Config, signInPerIp: RequestLimit) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/me/delete',
      {
        schema: { tags: ['accounts'], body: deleteAccountBody },
        // A password guessed here is a password guessed at sign-in: the same per-IP count, and one per account.
        preHandler: [signInPerIp, rateLimit(config.rateLimits.loginPerEmail, byMember)],
      },
      async (request, reply) => {
        await accounts.delete(requireSession(request), request.body);
        cookie.clear(reply);
        return reply.code(204).send();
      },
    );
  };
}
