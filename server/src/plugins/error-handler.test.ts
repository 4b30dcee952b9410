import { TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { send } from '../test/members.ts';

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildTestApp());
});
afterEach(async () => {
  await app.close();
});

describe('errors', () => {
  it('answers an unknown API path with the error shape', async () => {
    const response = await send(app, 'GET', '/api/no-such-thing');

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: TEXT.errors.notFound } });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await send(app, 'POST', '/api/auth/login', {
      body: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('refuses an oversized body without reading it whole', async () => {
    const response = await send(app, 'POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('hides what went wrong inside: no stack, no internal message', async () => {
    const { app: fresh } = await buildTestApp();
    fresh.get('/api/explode', { config: { public: true } }, async () => {
      throw new Error('password column missing at /srv/app/secret.ts:12');
    });

    const response = await send(fresh, 'GET', '/api/explode');
    await fresh.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'INTERNAL', message: TEXT.errors.internal } });
    expect(response.body).not.toContain('secret.ts');
  });

  it('sends the security headers and a request id on API responses', async () => {
    const response = await send(app, 'GET', '/api/health');

    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('reports the database as ready and documents the API', async () => {
    expect((await send(app, 'GET', '/api/ready')).json()).toEqual({ status: 'ok' });
    const docs = await send(app, 'GET', '/api/docs/json');
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/me', '/api/health', '/api/ready']),
    );
  });

  it('answers a request line too long for the HTTP parser with 431 in the error shape', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const response = await fetch(`http://127.0.0.1:${port}/api/items?q=${'a'.repeat(20_000)}`);

    expect(response.status).toBe(431);
    expect(await response.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request line or its headers are too long.' } });
  });
});
