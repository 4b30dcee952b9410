import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { send } from '../test/members.ts';

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  const indexHtml = '<!doctype html><html lang="en"><title>Swapyard</title><div id="root"></div></html>';
  fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(distDir, 'index.html.br'), zlib.brotliCompressSync(indexHtml));
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(distDir, 'sw.js'), "self.addEventListener('fetch', () => undefined);");
  fs.writeFileSync(path.join(distDir, 'manifest.webmanifest'), '{"name":"Swapyard"}');
  const script = 'console.log("a script long enough to be worth compressing");'.repeat(50);
  fs.writeFileSync(path.join(distDir, 'assets', 'page-def456.js'), script);
  fs.writeFileSync(path.join(distDir, 'assets', 'page-def456.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(distDir, 'assets', 'page-def456.js.gz'), zlib.gzipSync(script));
  ({ app } = await buildTestApp({ webDistDir: distDir }));
});
afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the web app', () => {
  it("names the page's language as the browser asks for it, else the default, so the app opens in it", async () => {
    const langOf = async (acceptLanguage?: string) => {
      const response = await send(app, 'GET', '/marketplace', { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
      expect(String(response.headers.vary)).toContain('accept-language');
      return /<html lang="([^"]*)">/.exec(response.body)?.[1];
    };
    expect(await langOf('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(await langOf('fr, es;q=0.5')).toBe('es');
    expect(await langOf('fr')).toBe('en');
    expect(await langOf()).toBe('en');
  });

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

  it('answers HEAD on a page or a file as GET would in each encoding, without the body', async () => {
    const described = (response: LightMyRequestResponse) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      length: response.headers['content-length'],
      encoding: response.headers['content-encoding'],
      vary: response.headers.vary,
      etag: response.headers.etag,
      cacheControl: response.headers['cache-control'],
    });
    for (const url of ['/', '/marketplace', '/assets/page-def456.js']) {
      for (const acceptEncoding of [undefined, 'gzip, br', 'gzip']) {
        const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        const get = await app.inject({ method: 'GET', url, headers });
        const head = await app.inject({ method: 'HEAD', url, headers });
        expect(get.statusCode).toBe(200);
        expect(described(head)).toEqual(described(get));
        expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
        expect(head.rawPayload.length).toBe(0);
      }
    }
  });

  it('answers a browser that holds the file in its encoding with 304 and no body, and one that holds another encoding with the file', async () => {
    const url = '/assets/page-def456.js';
    const brotli = await send(app, 'GET', url, { headers: { 'accept-encoding': 'br' } });
    const plain = await send(app, 'GET', url);
    expect(brotli.headers.etag).not.toBe(plain.headers.etag);
    for (const method of ['GET', 'HEAD'] as const) {
      const held = await app.inject({ method, url, headers: { 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) } });
      expect({ status: held.statusCode, bytes: held.rawPayload.length }).toEqual({ status: 304, bytes: 0 });
    }
    const other = await send(app, 'GET', url, { headers: { 'if-none-match': String(brotli.headers.etag) } });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(plain.body);
  });

  it('caches hashed assets for good, and answers a missing file or API path with 404', async () => {
    const asset = await send(app, 'GET', '/assets/index-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send(app, 'GET', '/assets/missing.js')).statusCode).toBe(404);
    expect((await send(app, 'GET', '/api/nothing')).json().error.code).toBe('NOT_FOUND');
  });

  it('serves the service worker as never-cached JavaScript, so a new release replaces it on the next visit', async () => {
    const worker = await send(app, 'GET', '/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain("addEventListener('fetch'");
  });

  it('serves the web app manifest as a manifest, and lets pages use both from this origin only', async () => {
    const manifest = await send(app, 'GET', '/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    const csp = String((await send(app, 'GET', '/')).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('sends the precompressed files of the build to browsers that accept them, and the plain file to others', async () => {
    const plain = await send(app, 'GET', '/assets/page-def456.js');
    const brotli = await send(app, 'GET', '/assets/page-def456.js', { headers: { 'accept-encoding': 'gzip, br' } });
    const gzip = await send(app, 'GET', '/assets/page-def456.js', { headers: { 'accept-encoding': 'gzip' } });

    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 10);
    expect(zlib.brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(brotli.headers.vary)).toContain('accept-encoding');

    const page = await send(app, 'GET', '/marketplace', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });
});
