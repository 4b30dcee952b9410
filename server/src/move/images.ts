import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_KEY } from '../storage/storage.ts';

/** Every stored image under DATA_DIR/uploads, by key; anything else there (a half-written `.partial`) is no image. */
export function localImageKeys(uploadsDir: string): string[] {
  if (!fs.existsSync(uploadsDir)) return [];
  return fs
    .readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((key) => STORAGE_KEY.test(key))
    .sort();
}

interface Digest {
  size: number;
  sha256: string;
  md5: Buffer;
}

function digest(bytes: Buffer): Digest {
  return {
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    md5: createHash('md5').update(bytes).digest(),
  };
}

/**
 * Whether the bucket holds these very bytes under the key: the size, and the SHA-256 this move wrote
 * in the object's metadata (or, for an object the server uploaded itself, the ETag, which is the MD5
 * of a single-part upload).
 */
async function holds(client: S3Client, bucket: string, key: string, expected: Digest): Promise<boolean> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    if (head.ContentLength !== expected.size) return false;
    return head.Metadata?.sha256 === expected.sha256 || head.ETag === `"${expected.md5.toString('hex')}"`;
  } catch (error) {
    if (missing(error)) return false;
    throw error;
  }
}

export interface ImageCopy {
  uploaded: number;
  /** Already in the bucket with the right size and checksum: a run before this one copied them. */
  skipped: number;
}

/** Uploads at a time: enough to hide each request's round trip, few enough for a small S3-compatible server. */
const CONCURRENT_UPLOADS = 8;

/**
 * Uploads every image under `uploadsDir` that the bucket does not already hold byte for byte, and
 * checks each upload's size and checksum afterwards; safe to run again after an interruption.
 */
export async function copyImagesToBucket(
  client: S3Client,
  bucket: string,
  uploadsDir: string,
  keys: string[],
  done: (key: string) => void,
): Promise<ImageCopy> {
  const result: ImageCopy = { uploaded: 0, skipped: 0 };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const bytes = await fsp.readFile(path.join(uploadsDir, key));
      const expected = digest(bytes);
      if (await holds(client, bucket, key, expected)) {
        result.skipped++;
      } else {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: 'image/webp',
            // The server refuses a body that does not match; the metadata lets a later run check without reading it back.
            ContentMD5: expected.md5.toString('base64'),
            Metadata: { sha256: expected.sha256 },
          }),
        );
        if (!(await holds(client, bucket, key, expected))) {
          throw new Error(`the bucket holds ${key} with another size or checksum than the file just uploaded`);
        }
        result.uploaded++;
      }
      done(key);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, worker));
  return result;
}

/** Whether an object is in the bucket, whatever its bytes (the verification's question for keys rows name). */
export async function inBucket(client: S3Client, bucket: string, key: string): Promise<boolean> {
  try {
    await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return true;
  } catch (error) {
    if (missing(error)) return false;
    throw error;
  }
}

/** A HEAD of a missing object answers 404 with no body, so the SDK's error has a status and no code. */
const missing = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
