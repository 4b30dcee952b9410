import { notificationPreferences, notificationPreferencesResponse, unsubscribeParams, unsubscribeResponse } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession } from '../auth/authentication.ts';
import type { NotificationPreferencesService } from './service.ts';

/** RFC 8058's one-click POST is a form (`List-Unsubscribe=One-Click`); a few bytes are all it ever carries. */
const FORM_LIMIT_BYTES = 1024;

export function notificationPreferenceRoutes(preferences: NotificationPreferencesService) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    // Only in this plugin's scope: no other route takes a form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    api.get('/api/me/notification-preferences', { schema: { tags, response: { 200: notificationPreferencesResponse } } }, async (request) => ({
      preferences: await preferences.get(requireSession(request)),
    }));

    api.put(
      '/api/me/notification-preferences',
      { schema: { tags, body: notificationPreferences, response: { 200: notificationPreferencesResponse } } },
      async (request) => ({ preferences: await preferences.replace(requireSession(request), request.body) }),
    );

    // A mail provider's one-click POST comes with no session and no Origin of ours (RFC 8058); the
    // signed token is its only permission, and all it can do is switch one kind's mail off.
    api.post(
      '/api/unsubscribe/:token',
      {
        config: { public: true, crossSite: true },
        schema: {
          tags,
          summary: "Switches off the mail a signed unsubscribe link names (RFC 8058 one-click); the body, if any, is ignored",
          params: unsubscribeParams,
          response: { 200: unsubscribeResponse },
        },
      },
      (request) => preferences.unsubscribe(request.params.token),
    );
  };
}
