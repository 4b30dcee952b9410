import { pushKeyResponse, pushStatusResponse, pushSubscriptionBody } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/authentication.ts';
import type { PushService } from './service.ts';

/** This device's Web Push subscription: the device is the session the request comes with. */
export function pushRoutes(push: PushService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['push'];

    api.get('/api/push/key', { schema: { tags, summary: "The server's VAPID public key", response: { 200: pushKeyResponse } } }, () =>
      push.publicKey(),
    );

    // Only ever this device's: a member's other devices are theirs to manage where they are.
    api.get(
      '/api/push/subscriptions',
      { schema: { tags, summary: "This device's push subscription, if it has one", response: { 200: pushStatusResponse } } },
      (request) => push.status(requireSession(request)),
    );

    api.post(
      '/api/push/subscriptions',
      { schema: { tags, summary: "Makes the browser's PushSubscription this device's", body: pushSubscriptionBody, response: { 201: pushStatusResponse } } },
      async (request, reply) => reply.code(201).send(await push.subscribe(requireSession(request), request.body)),
    );

    api.delete('/api/push/subscriptions', { schema: { tags, summary: "Removes this device's push subscription" } }, async (request, reply) => {
      await push.unsubscribe(requireSession(request));
      return reply.code(204).send();
    });
  };
}
