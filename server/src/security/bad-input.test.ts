import { itemFields, messageSendBody, swapProblemBody, type CreatedInviteResponse } from '@swapyard/contract';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../test/build-test-app.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { brokenMultipart, fieldValue, objectValue, textValue, type JsonSchema } from '../test/hostile-input.ts';
import { png } from '../test/images.ts';
import { createItem } from '../test/items.ts';
import { insertRealPlaces, placeItem, placeMember, REAL_PLACES } from '../test/places.ts';
import type { LogCapture } from '../test/log-capture.ts';
import { registerMember, send, type Member } from '../test/members.ts';
import { multipart, type FilePart } from '../test/multipart.ts';
import { createProposal } from '../test/proposals.ts';

const POLLUTERS = ['__proto__', 'constructor', 'prototype'];

/** Wrong types and shapes, for any field: what a schema must refuse outright. */
const wrongShape = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 1.5, -0, 2 ** 53, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...POLLUTERS, 'a'), fc.string({ maxLength: 5 })),
  fc.constant('x'.repeat(5_000)),
);
const segment = fc.oneof(fc.string({ maxLength: 30 }), fc.uuid(), fc.constantFrom('..', '%2e%2e', 'x'.repeat(300), '-1', '0', '%00'));
const headerText = fc.stringMatching(/^[\x21-\x7e]{0,120}$/);

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
  /** The form field a multipart route reads its file from, as its documentation names it. */
  fileField: string | undefined;
}

/** Form fields are not in the OpenAPI document (the routes read them from the stream): the contract's schemas name them. */
const FORM_FIELDS: JsonSchema = {
  type: 'object',
  properties: {
    ...(z.toJSONSchema(itemFields, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties,
    ...(z.toJSONSchema(messageSendBody, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties,
    ...(z.toJSONSchema(swapProblemBody, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties,
    imageOrder: { type: 'string', enum: ['["new:0"]', '[]'] },
  },
};

let app: FastifyInstance;
let log: LogCapture;
let member: Member;
let routes: Route[];
let ids: fc.Arbitrary<string>;
let image: Buffer;

beforeAll(async () => {
  ({ app, log } = await buildTestApp({ logLevel: 'info' }));
  // The site's first account, so its admin: the /api/admin/ routes are fuzzed past their gate.
  member = await registerMember(app);
  const other = await registerMember(app);
  const theirs = await createItem(app, other);
  const mine = await createItem(app, member);
  // Places, so the marketplace's distance searches get past "choose a place" to their SQL.
  await insertRealPlaces(app.services.database.db);
  await placeMember(app, member.user.id, REAL_PLACES[0]!);
  await placeItem(app, theirs.id, REAL_PLACES[1]!);
  const proposal = await createProposal(app, member, theirs.id, { offerItemId: mine.id });
  // Accepted, so the hand-over routes get past their status check to the statements behind it.
  const swapped = await createProposal(app, other, (await createItem(app, member)).id);
  await send(app, 'POST', `/api/proposals/${swapped.id}/accept`, { cookie: member.cookie });
  const problem = await send(app, 'POST', `/api/proposals/${swapped.id}/problems`, { cookie: other.cookie, body: { reason: 'no_show' } });
  const problemId = problem.json<{ problem: { id: string } }>().problem.id;
  const opened = await send(app, 'POST', '/api/conversations', { cookie: member.cookie, body: { otherUserId: other.user.id, itemId: theirs.id } });
  const conversationId = opened.json<{ conversation: { id: string } }>().conversation.id;
  const sent = await send(app, 'POST', `/api/conversations/${conversationId}/messages`, {
    cookie: other.cookie,
    body: { clientId: randomUUID(), text: 'Reported words' },
  });
  const messageId = sent.json<{ message: { id: string } }>().message.id;
  const invite = (await send(app, 'POST', '/api/admin/invites', { cookie: member.cookie, body: { maxUses: 1, expiresInDays: 1 } })).json<CreatedInviteResponse>();
  const savedSearch = await send(app, 'POST', '/api/saved-searches', { cookie: member.cookie, body: { name: 'Lamps', filters: { q: 'lamp' } } });
  const savedSearchId = savedSearch.json<{ savedSearch: { id: string } }>().savedSearch.id;
  // Ids of rows that exist, so a request gets past its lookups to the statements behind them.
  ids = fc.constantFrom(member.user.id, other.user.id, theirs.id, mine.id, proposal.id, swapped.id, conversationId, messageId, invite.invite.id, problemId, savedSearchId);
  image = await png(16, 12);

  await app.ready();
  const spec = app.swagger() as {
    paths: Record<string, Record<string, { description?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
  };
  // Signing out takes no input; it would only end the session the other calls ride on.
  routes = Object.entries(spec.paths)
    .filter(([path]) => path !== '/api/auth/logout')
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({
        method: method.toUpperCase() as Route['method'],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema,
        fileField: operation.description?.includes('multipart/form-data') ? /named (\w+)/.exec(operation.description)?.[1] : undefined,
      })),
    );
});
afterAll(async () => {
  await app.close();
});

/** A request for the route: its parameters and body from their schemas, hostile values mixed in. */
function requestFor(route: Route) {
  const byPlace = (place: Parameter['in']) => route.parameters.filter((parameter) => parameter.in === place);
  const pathValues = fc.record(
    Object.fromEntries(byPlace('path').map((p) => [p.name, fc.oneof(fieldValue(p.name, p.schema, ids), segment)])),
  );
  const query = fc.oneof(
    { arbitrary: objectValue({ properties: Object.fromEntries(byPlace('query').map((p) => [p.name, p.schema])), required: byPlace('query').filter((p) => p.required).map((p) => p.name) }, ids), weight: 4 },
    { arbitrary: fc.dictionary(fc.constantFrom(...POLLUTERS, 'q', 'cursor', 'limit'), fc.oneof(textValue, fc.constant('x'.repeat(2_000)))), weight: 1 },
  );
  const headers = fc.record(Object.fromEntries(byPlace('header').map((p) => [p.name, headerText])), { requiredKeys: [] });
  const file: FilePart = { field: route.fileField, name: 'photo.png', bytes: image, type: 'image/png' };
  const body: fc.Arbitrary<{ payload: unknown; contentType: string } | undefined> = route.fileField
    ? fc.oneof(
        { arbitrary: objectValue(FORM_FIELDS, ids).map((fields) => multipart(stringsOf(fields), [file])), weight: 3 },
        { arbitrary: objectValue(FORM_FIELDS, ids).chain((fields) => brokenMultipart(stringsOf(fields), file)), weight: 2 },
      ).map(({ body: payload, contentType }) => ({ payload, contentType }))
    : route.body
      ? fc.oneof(
          { arbitrary: objectValue(route.body, ids), weight: 4 },
          { arbitrary: fc.dictionary(fc.constantFrom(...Object.keys(route.body.properties ?? {}), ...POLLUTERS), wrongShape, { maxKeys: 6 }), weight: 1 },
          { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
        ).map((payload) => ({ payload, contentType: 'application/json' }))
      : fc.constant(undefined);
  return fc.record({ pathValues, query, headers, body });
}

function stringsOf(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
}

describe('bad input', () => {
  it('never gets a 5xx or a stack trace from any route, always the error shape, and a refusal changes nothing', async () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => route.fileField).map((route) => route.fileField)).toEqual(['images', 'images', 'photo', 'image', 'photos']);
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ pathValues, query, headers, body }) => {
          const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(Buffer.from(String(pathValues[name] ?? '')).toString('utf8')));
          const search = new URLSearchParams(Object.entries(query).map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : JSON.stringify(value)]));
          // What may change the database between the fingerprints besides the request: jobs queued by
          // an earlier accepted request, and the session's renewal once it is due (TOUCH_INTERVAL_MS),
          // which a read made first takes instead.
          await app.services.jobs.runDue();
          await send(app, 'GET', '/api/me', { cookie: member.cookie });
          const before = await fingerprint(app);
          const sendsBody = route.method !== 'GET' && route.method !== 'DELETE' && body !== undefined;
          const payload = body?.payload;
          const response = await send(app, route.method, `${path}?${search.toString()}`, {
            cookie: member.cookie,
            headers: { ...headers, ...(sendsBody ? { 'content-type': body.contentType } : {}) },
            ...(sendsBody ? { body: Buffer.isBuffer(payload) || (typeof payload === 'object' && payload !== null) ? payload : JSON.stringify(payload) } : {}),
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
        { numRuns: 20 },
      );
      // What an operator would see: no request of this route answered 5xx or logged an error.
      await new Promise((resolve) => setImmediate(resolve));
      expect({ route: `${route.method} ${route.path}`, failures: log.failures() }).toEqual({ route: `${route.method} ${route.path}`, failures: [] });
    }
  }, 600_000);
});
