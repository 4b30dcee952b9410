import { deleteAccountBody } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { byAccountEmail, type SignInLimits } from '../../plugins/rate-limit.ts';
import { requireSession } from '../auth/authentication.ts';
import type { SessionCookie } from '../auth/session-cookie.ts';
import type { AccountsService } from './service.ts';

export function accountRoutes(accounts: AccountsService, cookie: SessionCookie, signIn: SignInLimits) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();

    api.post(
      '/api/me/delete',
      {
        schema: { tags: ['accounts'], body: deleteAccountBody },
        // A password guessed here is a password guessed at sign-in: the same budgets.
        preHandler: [signIn.perIp, signIn.perEmail(byAccountEmail)],
      },
      async (request, reply) => {
        await accounts.delete(requireSession(request), request.body);
        cookie.clear(reply);
        return reply.code(204).send();
      },
    );
  };
}
