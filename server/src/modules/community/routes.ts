import {
  communityResponse,
  communitySettingsResponse,
  createdInviteResponse,
  createInviteBody,
  inviteCheckResponse,
  inviteListResponse,
  inviteParams,
  inviteTokenParams,
  updateCommunitySettingsBody,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { byIp, type RateLimiter } from '../../plugins/rate-limit.ts';
import type { Config } from '../../config.ts';
import { requireRole } from '../auth/authentication.ts';
import type { CommunityService } from './service.ts';

const inviteResponse = z.object({ invite: createdInviteResponse.shape.invite });

export function communityRoutes(community: CommunityService, config: Config, limiter: RateLimiter) {
  return async function (app: FastifyInstance): Promise<void> {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['community'];

    api.get(
      '/api/community',
      { config: { public: true }, schema: { tags, summary: "The community's name, description, rules and how to join", response: { 200: communityResponse } } },
      async () => ({ community: await community.publicView() }),
    );

    // Invite links are 256-bit tokens; the limit keeps a checker from being a cheap oracle all the same.
    api.get(
      '/api/invites/:token',
      {
        config: { public: true },
        schema: { tags, summary: 'Whether an invite link can be used', params: inviteTokenParams, response: { 200: inviteCheckResponse } },
        preHandler: limiter.limit('invite-check-ip', config.rateLimits.resetPerIp, byIp),
      },
      (request) => community.checkInvite(request.params.token),
    );

    api.get('/api/admin/settings', { schema: { tags, response: { 200: communitySettingsResponse } } }, async (request) => {
      await requireRole(request, 'admin');
      return { settings: await community.settings() };
    });

    api.put(
      '/api/admin/settings',
      { schema: { tags, body: updateCommunitySettingsBody, response: { 200: communitySettingsResponse } } },
      async (request) => ({ settings: await community.update(await requireRole(request, 'admin'), request.body) }),
    );

    api.get('/api/admin/invites', { schema: { tags, response: { 200: inviteListResponse } } }, async (request) => {
      await requireRole(request, 'moderator');
      return { invites: await community.listInvites() };
    });

    api.post(
      '/api/admin/invites',
      { schema: { tags, body: createInviteBody, response: { 201: createdInviteResponse } } },
      async (request, reply) => reply.code(201).send(await community.createInvite(await requireRole(request, 'moderator'), request.body)),
    );

    api.post(
      '/api/admin/invites/:id/revoke',
      { schema: { tags, params: inviteParams, response: { 200: inviteResponse } } },
      async (request) => ({ invite: await community.revokeInvite(await requireRole(request, 'moderator'), request.params.id) }),
    );
  };
}
