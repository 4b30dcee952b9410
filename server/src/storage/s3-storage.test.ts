import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../test/s3.ts';
import { S3Storage } from './s3-storage.ts';
import { StorageUnavailableError } from './storage.ts';

let s3: TestS3;
let storage: S3Storage;

beforeAll(async () => {
  s3 = await startS3();
  storage = await S3Storage.connect(s3.config);
});

afterAll(async () => {
  storage?.close();
  await s3?.stop();
});

let counter = 0;
/** A key of the shape the server makes, different for every call. */
const newKey = () => `items/0b6f3c8e-2a1d-4f5e-9c7b-3d2e1f0a9b8c/${String(1767225600000 + counter++)}-abc123-bike.webp`;

describe('S3Storage on an S3-compatible server', () => {
  it('stores an object, reads the same bytes back, and deletes it', async () => {
    const key = newKey();
    const bytes = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 bytes of an image');

    await storage.put(key, bytes, 'image/webp');
    expect(await s3.keys()).toContain(key);
    const stream = await storage.get(key);
    expect(stream).toBeDefined();
    expect(await text(stream!)).toBe(bytes.toString());

    await storage.delete(key);
    expect(await s3.keys()).not.toContain(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it('reads a key that was never stored as missing, and deleting it is not an error', async () => {
    const key = newKey();

    expect(await storage.get(key)).toBeUndefined();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses a key the server could not have made before it reaches the bucket', async () => {
    const before = await s3.keys();

    await expect(storage.put('items/../../etc/passwd', Buffer.from('x'), 'image/webp')).rejects.toThrow('refused storage key');
    await expect(storage.get('chat/x.webp')).rejects.toThrow('refused storage key');
    expect(await s3.keys()).toEqual(before);
  });
});

describe('S3Storage.connect', () => {
  it('refuses a bucket that does not exist, in one line naming it', async () => {
    const attempt = S3Storage.connect({ ...s3.config, bucket: 'no-such-bucket' });

    await expect(attempt).rejects.toThrow(
      new StorageUnavailableError(`Storage: cannot open S3 bucket "no-such-bucket" at ${s3.endpoint}: no such bucket`),
    );
  });

  it('refuses credentials the server does not accept', async () => {
    // s3rver knows one access key and does not check V4 signatures, so an unknown key is what it refuses.
    const attempt = S3Storage.connect({ ...s3.config, accessKeyId: 'NOT-A-KEY' });

    await expect(attempt).rejects.toThrow(
      `Storage: cannot open S3 bucket "${s3.bucket}" at ${s3.endpoint}: access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    );
  });

  it('names S3_REGION when the bucket lives in another region', async () => {
    // Amazon S3 answers a HEAD in the wrong region with a bare 301; s3rver has no regions, so a stand-in does.
    const amazon = http.createServer((_request, response) => response.writeHead(301, { 'x-amz-bucket-region': 'eu-west-2' }).end());
    await new Promise<void>((resolve) => amazon.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(amazon.address() as AddressInfo).port}`;
    try {
      await expect(S3Storage.connect({ ...s3.config, endpoint })).rejects.toThrow(
        `Storage: cannot open S3 bucket "${s3.bucket}" at ${endpoint}: the bucket is in another region (check S3_REGION)`,
      );
    } finally {
      amazon.close();
    }
  });

  it('says so when nothing answers at the endpoint', async () => {
    const attempt = S3Storage.connect({ ...s3.config, endpoint: 'http://127.0.0.1:9' });

    await expect(attempt).rejects.toThrow(/^Storage: cannot open S3 bucket "swapyard-test" at http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/);
  });
});
