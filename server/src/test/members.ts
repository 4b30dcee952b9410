import type { CurrentUser, PublicProfile, RegisterBody } from '@swapyard/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { TEST_ORIGIN } from './build-test-app.ts';

export interface Member {
  user: CurrentUser;
  password: string;
  /** The Cookie header that signs this member in. */
  cookie: string;
}

export function registration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  const password = overrides.password ?? 'correct horse battery';
  return {
    displayName: 'Robin Swapper',
    email: `member-${randomUUID()}@example.com`,
    password,
    confirmPassword: password,
    acceptTerms: true,
    ...overrides,
  };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('swapyard_session'));
  if (!cookie) throw new Error(`no session cookie in a ${response.statusCode} response`);
  return `${cookie.name}=${cookie.value}`;
}

/** Registers through the API, as a member would, and returns them signed in. */
export async function registerMember(
  app: FastifyInstance,
  overrides: Partial<RegisterBody> = {},
  { headers }: { headers?: Record<string, string> } = {},
): Promise<Member> {
  const body = registration(overrides);
  const response = await send(app, 'POST', '/api/auth/register', { body, ...(headers && { headers }) });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { user: response.json<{ user: CurrentUser }>().user, password: body.password, cookie: sessionCookieOf(response) };
}

export interface SendOptions {
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A same-origin browser request unless told otherwise. */
export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  { body, cookie, origin = TEST_ORIGIN, headers = {} }: SendOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(origin === null ? {} : { origin }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** A member's public profile as another member sees it. */
export async function profileOf(app: FastifyInstance, viewer: Member, member: Member): Promise<PublicProfile> {
  const response = await send(app, 'GET', `/api/users/${member.user.id}`, { cookie: viewer.cookie });
  if (response.statusCode !== 200) throw new Error(`profile failed: ${response.body}`);
  return response.json<{ profile: PublicProfile }>().profile;
}
