import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database.ts';
import { emptyAcknowledged, listItems, registerMembers, seededRandom, startLoad, testImage } from '../test/crash/load.ts';
import { crash, createStore, killAllServers, listening, startServer, type CrashStore } from '../test/crash/server-process.ts';
import { verifyDatabase, verifyThroughApi } from '../test/crash/verify.ts';

// PGlite's data directory only: the postgres project leaves server/src/db/*.test.ts out.
let store: CrashStore | undefined;
let handle: DatabaseHandle | undefined;

afterEach(async () => {
  await killAllServers();
  await handle?.close().catch(() => undefined);
  handle = undefined;
  await store?.dispose();
  store = undefined;
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the PGlite data directory lock under load', () => {
  it('refuses a second process while the first is busy, and a SIGKILLed owner leaves a lock the next start takes over', async () => {
    store = await createStore('pglite');
    const lockFile = path.join(store.dataDir, 'swapyard.lock');
    const image = await testImage();
    const ack = emptyAcknowledged();

    const first = startServer(store.env);
    const origin = await listening(first);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.pid));
    await registerMembers(origin, 3, ack);
    await listItems(origin, ack, image, 1);
    const load = startLoad(origin, ack, seededRandom(20_240_601), image);
    await sleep(700);

    const second = startServer(store.env);
    expect(await second.exited).toBe(1);
    expect(second.output()).toBe(
      `The data directory ${store.dataDir} is in use by another Swapyard process (pid ${first.pid}). ` +
        'Stop that process first, or set DATA_DIR to another directory.\n',
    );
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.pid));

    // The first server carries on, untouched; then dies mid-load and leaves its lock behind.
    const messagesBefore = ack.messages.size;
    await sleep(700);
    expect(ack.messages.size).toBeGreaterThan(messagesBefore);
    load.stop();
    await crash(first);
    await load.done;
    expect(load.failures, first.output().slice(-3_000)).toEqual([]);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.pid));

    const third = startServer(store.env);
    const restarted = await listening(third);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(third.pid));
    expect(await verifyThroughApi(restarted, ack)).toEqual([]);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
    handle = await store.open();
    expect(await verifyDatabase(handle.db, ack)).toEqual([]);
  }, 90_000);
});
