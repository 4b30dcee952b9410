import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startS3, type TestS3 } from '../s3.ts';
import { createStore, killAllServers, listening, startServer, type CrashStore, type ServerProcess } from './server-process.ts';

/**
 * What docs/operations.md tells an operator to run: several real server processes on one
 * PostgreSQL database and one S3 bucket, each with a DATA_DIR of its own.
 */
export interface Instances {
  s3: TestS3;
  store: CrashStore;
  servers: ServerProcess[];
  /** Each server's own http://127.0.0.1:port, in the order of `servers`. */
  origins: string[];
  dataDirs: string[];
  stop(): Promise<void>;
}

export async function startInstances(count: number, env: Record<string, string> = {}): Promise<Instances> {
  const s3 = await startS3();
  const store = await createStore('postgres');
  const dataDirs = Array.from({ length: count }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-instance-')));
  const stop = async () => {
    await killAllServers();
    await store.dispose();
    await s3.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  // Started together, as an orchestrator does: migrations must be applied once, not raced.
  const servers = dataDirs.map((dir) => startServer({ ...store.env, ...s3.env, ...env, DATA_DIR: dir }));
  try {
    const origins = await Promise.all(servers.map((server) => listening(server)));
    return { s3, store, servers, origins, dataDirs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
