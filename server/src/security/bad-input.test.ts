import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { createItem } from '../test/items.ts';
import { registerMember, send, type Member } from '../test/members.ts';
import { multipart } from '../test/multipart.ts';
import { createProposal } from '../test/proposals.ts';

const FIELDS = [
  'email', 'password', 'confirmPassword', 'displayName', 'acceptTerms', 'remember', 'token', 'itemId', 'message',
  'pointsOffer', 'offerItemId', 'stars', 'comment', 'otherUserId', 'clientId', 'text', 'location', 'bio', 'title',
  'category', 'value', 'description', 'imageOrder', 'q', 'minValue', 'maxValue', 'type', 'cursor', 'limit', 'box',
];
const POLLUTERS = ['__proto__', 'constructor', 'prototype'];

/** Values that break a schema: wrong types, edge numbers, huge and strange strings. */
const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('', ' ', '\u0000', '../../etc/passwd', '%00', '\u202e', '😀'.repeat(50), 'x'.repeat(5_000), '<script>', "' OR 1=1 --"),
  fc.integer(),
  fc.constantFrom(-1, 1.5, -0, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...POLLUTERS, 'a'), fc.string({ maxLength: 5 })),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS, ...POLLUTERS), nasty, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
);
const segment = fc.oneof(fc.string({ maxLength: 30 }), fc.uuid(), fc.constantFrom('..', '%2e%2e', 'x'.repeat(300), '-1', '0'));
const query = fc.dictionary(fc.constantFrom(...FIELDS, ...POLLUTERS), fc.oneof(fc.string({ maxLength: 30 }), fc.constant('x'.repeat(2_000))), {
  maxKeys: 4,
});

let app: FastifyInstance;
let member: Member;
let routes: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; multipart: boolean }[];

beforeAll(async () => {
  ({ app } = await buildTestApp());
  member = await registerMember(app);
  const other = await registerMember(app);
  const item = await createItem(app, other);
  await createProposal(app, member, item.id);
  await app.ready();
  const spec = app.swagger() as { paths: Record<string, Record<string, { description?: string }>> };
  // Signing out takes no input; it would only end the session the other calls ride on.
  routes = Object.entries(spec.paths).filter(([path]) => path !== '/api/auth/logout').flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase() as 'GET',
      path,
      multipart: operation.description?.includes('multipart/form-data') ?? false,
    })),
  );
});
afterAll(async () => {
  await app.close();
});


describe('bad input', () => {
  it('never gets a 5xx or a stack trace from any route, always the error shape, and a refusal changes nothing', async () => {
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(segment, query, body, fc.uint8Array({ maxLength: 64 }), async (id, params, json, bytes) => {
          const search = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
          const url = `${route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(id))}?${search.toString()}`;
          const form = route.multipart
            ? multipart(
                Object.fromEntries(Object.entries(json && typeof json === 'object' ? json : {}).map(([k, v]) => [k, String(JSON.stringify(v))])),
                [{ field: 'images', name: `${randomUUID()}.jpg`, bytes: Buffer.from(bytes) }],
              )
            : undefined;
          const before = await fingerprint(app.services.database.db);
          const response = await send(app, route.method, url, {
            cookie: member.cookie,
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : form
                ? { body: form.body, headers: { 'content-type': form.contentType } }
                : { body: json === null || typeof json !== 'object' ? JSON.stringify(json) : json, headers: { 'content-type': 'application/json' } }),
          });

          expect({ route: `${route.method} ${route.path}`, status: response.statusCode }).toEqual({
            route: `${route.method} ${route.path}`,
            status: expect.toSatisfy((status: number) => status < 500),
          });
          expect(response.body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
          if (response.statusCode >= 400) {
            expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
            expect(await fingerprint(app.services.database.db)).toBe(before);
          }
          expect(Object.keys(Object.prototype)).toEqual([]);
        }),
        { numRuns: 15 },
      );
    }
  }, 240_000);
});
