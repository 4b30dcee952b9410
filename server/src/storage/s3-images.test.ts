import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, TEST_ORIGIN } from '../test/build-test-app.ts';
import { startServer } from '../test/crash/server-process.ts';
import { createItem, imageFiles } from '../test/items.ts';
import { registerMember, send } from '../test/members.ts';
import { startS3, type TestS3 } from '../test/s3.ts';
import { openTestDatabase } from '../test/test-database.ts';

let s3: TestS3;
const dataDirs: string[] = [];

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-s3-app-'));
  dataDirs.push(dir);
  return dir;
}

const imageHeaders = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  type: response.headers['content-type'],
  nosniff: response.headers['x-content-type-options'],
  cache: response.headers['cache-control'],
  disposition: response.headers['content-disposition'],
  webp: response.rawPayload.subarray(8, 12).toString('latin1'),
});

describe('a server with S3_BUCKET set', () => {
  let s3App: FastifyInstance;
  let s3DataDir: string;
  beforeEach(async () => {
    s3DataDir = newDataDir();
    // Configured the way an operator does it: S3_ variables, no storage handed in.
    const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN, DATA_DIR: s3DataDir, ...s3.env });
    s3App = await buildApp(config, { database: await openTestDatabase() });
  });
  afterEach(async () => {
    await s3App.close();
  });

  it('stores listing images in the bucket, not under DATA_DIR, and serves them as the local driver does', async () => {
    const member = await registerMember(s3App);

    const item = await createItem(s3App, member, {}, await imageFiles(2));

    const stored = await s3.keys();
    for (const image of item.images) {
      expect(stored).toContain(image.url.replace('/api/images/', ''));
      expect(stored).toContain(image.thumbUrl.replace('/api/images/', ''));
    }
    expect(fs.existsSync(path.join(s3DataDir, 'uploads'))).toBe(false);

    const local = await buildTestApp();
    try {
      const localMember = await registerMember(local.app);
      const localItem = await createItem(local.app, localMember);
      const fromLocal = await send(local.app, 'GET', localItem.images[0]!.url, { cookie: localMember.cookie });
      const fromS3 = await send(s3App, 'GET', item.images[0]!.url, { cookie: member.cookie });

      expect(imageHeaders(fromS3)).toEqual(imageHeaders(fromLocal));
      expect(imageHeaders(fromS3)).toEqual({
        status: 200,
        type: 'image/webp',
        nosniff: 'nosniff',
        cache: 'private, max-age=31536000, immutable',
        disposition: 'inline',
        webp: 'WEBP',
      });
    } finally {
      await local.app.close();
    }
  });

  it('removes every object of a listing from the bucket when the listing is deleted', async () => {
    const member = await registerMember(s3App);
    const kept = await createItem(s3App, member, { title: 'Kept lamp' });
    const deleted = await createItem(s3App, member, { title: 'Old bike' }, await imageFiles(3));
    const objectsOf = (item: typeof kept) =>
      item.images.flatMap((image) => [image.url, image.thumbUrl]).map((url) => url.replace('/api/images/', ''));
    expect(await s3.keys()).toEqual(expect.arrayContaining([...objectsOf(kept), ...objectsOf(deleted)]));

    const response = await send(s3App, 'DELETE', `/api/items/${deleted.id}`, { cookie: member.cookie });

    expect(response.statusCode).toBe(204);
    const left = await s3.keys();
    expect(left.filter((key) => objectsOf(deleted).includes(key))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(objectsOf(kept)));
    expect((await send(s3App, 'GET', deleted.images[0]!.url, { cookie: member.cookie })).statusCode).toBe(404);
    expect((await send(s3App, 'GET', kept.images[0]!.url, { cookie: member.cookie })).statusCode).toBe(200);
  });
});

describe('the server process with S3_BUCKET set', () => {
  it('refuses to start when the bucket cannot be opened, saying so on its last line', async () => {
    const server = startServer({ DATA_DIR: newDataDir(), ...s3.env, S3_BUCKET: 'not-made-yet' });

    expect(await server.exited).toBe(1);
    // On Node 20 the AWS SDK first prints a warning that its 2027 releases need Node 22.
    expect(server.output().trimEnd().split('\n').at(-1)).toBe(
      `Storage: cannot open S3 bucket "not-made-yet" at ${s3.endpoint}: no such bucket`,
    );
    expect(server.output()).not.toMatch(/^\s+at /m);
  });
});
