import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

/**
 * The client address rate limits by IP and the request log use (request.ip), as TRUST_PROXY sets it.
 * An nginx with `$proxy_add_x_forwarded_for` appends to whatever the client sent, so the header's
 * first entry is the client's own choice; Caddy replaces it.
 */
let testApp: TestApp | undefined;

afterEach(async () => {
  await testApp?.app.close();
  testApp = undefined;
});

async function loggedAddress(trustProxy: boolean | string, remoteAddress: string, forwardedFor?: string): Promise<unknown> {
  testApp = await buildTestApp({ logLevel: 'info', trustProxy });
  const requestId = randomUUID();
  await testApp.app.inject({
    method: 'GET',
    url: '/api/me',
    remoteAddress,
    headers: { 'x-request-id': requestId, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
  });
  const incoming = testApp.log.entries().find((entry) => entry.requestId === requestId && entry.msg === 'incoming request');
  return (incoming?.req as { remoteAddress?: string } | undefined)?.remoteAddress;
}

describe('the client address behind a reverse proxy', () => {
  it('with the proxy named, is the address that proxy saw, whatever the client wrote before it', async () => {
    expect(await loggedAddress('127.0.0.1', '127.0.0.1', '203.0.113.9, 198.51.100.7')).toBe('198.51.100.7');
  });

  it('with the proxy named, ignores the header from anyone else who reaches the instance', async () => {
    expect(await loggedAddress('127.0.0.1', '198.51.100.20', '203.0.113.9')).toBe('198.51.100.20');
  });

  it('without TRUST_PROXY, is the connection address', async () => {
    expect(await loggedAddress(false, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('with TRUST_PROXY=true, is the first entry: right only behind a proxy that replaces the header', async () => {
    expect(await loggedAddress(true, '127.0.0.1', '203.0.113.9, 198.51.100.7')).toBe('203.0.113.9');
  });
});
