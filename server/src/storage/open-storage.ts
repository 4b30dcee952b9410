import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

export interface OpenStorage {
  storage: Storage;
  /** Where the images go, for the start-up log line. */
  description: string;
  close(): void;
}

/** S3 when S3_BUCKET is set, so every instance sees every image; otherwise a directory under DATA_DIR. */
export async function openStorage(config: Config): Promise<OpenStorage> {
  if (!config.s3) {
    const root = path.join(config.dataDir, 'uploads');
    return { storage: new LocalStorage(root), description: `directory ${root}`, close: () => undefined };
  }
  // Loaded only when used: the SDK would cost a one-machine server about 25 MB and 300 ms at start-up.
  const { S3Storage } = await import('./s3-storage.ts');
  const s3 = await S3Storage.connect(config.s3);
  return {
    storage: s3,
    description: `S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
    close: () => s3.close(),
  };
}
