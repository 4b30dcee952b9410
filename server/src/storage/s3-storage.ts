import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Config } from '../config.ts';
import { STORAGE_KEY, StorageUnavailableError, type Storage } from './storage.ts';

/** Objects in one bucket of Amazon S3 or an S3-compatible server (MinIO, Ceph, Garage, R2...). */
export class S3Storage implements Storage {
  private constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  /** Checks that the bucket is there and the credentials may use it before any member uploads. */
  static async connect(config: S3Config): Promise<S3Storage> {
    return new S3Storage(await connectS3Client(config), config.bucket);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: checked(key), Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Readable | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checked(key) }));
      if (!(object.Body instanceof Readable)) throw new Error(`S3 returned no readable body for ${key}`);
      return object.Body;
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  /** S3 answers a delete of a missing key with success, like the local driver. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checked(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** A client for the configured bucket, once a HEAD of the bucket has shown it is there and may be used. */
export async function connectS3Client(config: S3Config): Promise<S3Client> {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    // Neither set: the SDK's own chain (instance or task role, AWS_* variables, ~/.aws).
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // Since 3.729 the SDK adds a CRC32 header to every upload by default, which some S3-compatible
    // servers refuse (Cloudflare R2 answered 501 NotImplemented: aws/aws-sdk-js-v3#6810). Uploads
    // still carry the body's SHA-256 in the signature (x-amz-content-sha256), which the server checks.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    client.destroy();
    throw new StorageUnavailableError(
      `Storage: cannot open S3 bucket "${config.bucket}"${config.endpoint ? ` at ${config.endpoint}` : ''}: ${reason(error)}`,
    );
  }
  return client;
}

function checked(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`refused storage key ${JSON.stringify(key)}`);
  return key;
}

function reason(error: unknown): string {
  if (error instanceof S3ServiceException) {
    // HEAD answers carry no body, so a missing bucket or a refused key shows only as a status.
    const status = error.$metadata.httpStatusCode;
    if (status === 404) return 'no such bucket';
    if (status === 403) return 'access denied (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)';
    if (status === 301) return 'the bucket is in another region (check S3_REGION)';
    return `${error.name}${status ? ` (HTTP ${status})` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}
