import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { send } from '../test/members.ts';

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Swapyard</title><div id="root"></div>');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  ({ app } = await buildTestApp({ webDistDir: distDir }));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it('answers every page path with index.html, never cached, with the security headers', async () => {
    for (const url of ['/', '/login', '/marketplace?q=bike', '/item/123', '/anything/unknown']) {
      const response = await send(app, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      const csp = String(response.headers['content-security-policy']);
      for (const directive of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(csp).toContain(directive);
      }
    }
  });

  it('caches hashed assets for good, and answers a missing file or API path with 404', async () => {
    const asset = await send(app, 'GET', '/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send(app, 'GET', '/assets/missing.js')).statusCode).toBe(404);
    expect((await send(app, 'GET', '/api/nothing')).json().error.code).toBe('NOT_FOUND');
  });
});
