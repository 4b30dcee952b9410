import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../test/build-test-app.ts';
import { createItem } from '../test/items.ts';
import { registerMember, send, type Member } from '../test/members.ts';

let app: FastifyInstance;
let member: Member;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  member = await registerMember(app);
  // Enough listings that the page is well past the size worth compressing.
  for (let i = 0; i < 4; i += 1) await createItem(app, member, { title: `Oak shelf number ${i}` });
});
afterAll(async () => {
  await app.close();
});

const marketplace = (acceptEncoding?: string) =>
  send(app, 'GET', '/api/items', { cookie: member.cookie, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe("the API's answers on the wire", () => {
  it('come compressed to a browser that accepts brotli or gzip, and read the same as the plain answer', async () => {
    const plain = await marketplace();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json<{ items: { title: string }[] }>().items.map((item) => item.title)).toContain('Oak shelf number 3');

    const brotli = await marketplace('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await marketplace('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('are described by HEAD exactly as GET sends them, in every encoding, without the body', async () => {
    const described = (response: Awaited<ReturnType<typeof marketplace>>) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      length: response.headers['content-length'],
      encoding: response.headers['content-encoding'],
      vary: response.headers.vary,
    });
    for (const acceptEncoding of [undefined, 'gzip, deflate, br', 'gzip']) {
      const headers = { cookie: member.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
      const get = await app.inject({ method: 'GET', url: '/api/items', headers });
      const head = await app.inject({ method: 'HEAD', url: '/api/items', headers });
      expect(described(head)).toEqual(described(get));
      expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
      expect(head.rawPayload.length).toBe(0);
    }
  });

  it('are listed in the API document once per operation: GET, with no HEAD twin', async () => {
    const document = (await send(app, 'GET', '/api/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths['/api/items'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.values(document.paths).filter((operations) => 'head' in operations)).toEqual([]);
  });

  it('leave a small answer as it is', async () => {
    const health = await send(app, 'GET', '/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never inflate a compressed request body (whose size limit would then not hold): it is read as sent, refused as unreadable, and changes nothing', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { cookie: member.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ locale: 'de' })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/JSON/) });
    const me = await send(app, 'GET', '/api/me', { cookie: member.cookie });
    expect(me.json<{ user: { locale: string } }>().user.locale).toBe('en');
  });
});
