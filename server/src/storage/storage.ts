import type { Readable } from 'node:stream';

/** Where uploaded (already re-encoded) images live: a local directory now, S3 when configured. */
export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Undefined when there is no such object. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
}

/**
 * Keys are made by the server; anything else (a path from a URL) is refused before it reaches a
 * driver. The second form is the older one, which ended with the uploaded file's name.
 */
export const STORAGE_KEY = /^(items|avatars|chat|problems)\/[0-9a-f-]{36}\/\d{13}-([0-9a-f]{20}|[0-9a-z]{6}-[a-z0-9-]{1,60})(\.thumb)?\.webp$/;

/** The configured store cannot be opened at start-up: the operator gets one line, not a stack. */
export class StorageUnavailableError extends Error {}
