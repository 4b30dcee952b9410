import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { S3Config } from '../config.ts';

interface S3rverOptions {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver is CommonJS and ships no types; this is the part of it the tests use.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

/** s3rver's one built-in account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** An S3-compatible server on loopback, with one empty bucket, for one test file. */
export interface TestS3 {
  bucket: string;
  endpoint: string;
  config: S3Config;
  /** The variables that point a server process at this bucket. */
  env: Record<string, string>;
  /** Every key in the bucket, as S3 lists them. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'swapyard-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3Config = {
    bucket,
    endpoint,
    region: 'us-east-1',
    ...CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new S3Client({ region: config.region, endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  return {
    bucket,
    endpoint,
    config,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys() {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
