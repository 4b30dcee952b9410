import { WS_CLOSE } from '@swapyard/contract';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { emptyAcknowledged, listItems, registerMembers, seededRandom, startLoad, testImage } from '../test/crash/load.ts';
import { createStore, killAllServers, listening, startServer, type CrashStore } from '../test/crash/server-process.ts';
import { verifyDatabase } from '../test/crash/verify.ts';
import { testEngine } from '../test/test-database.ts';

const engine = testEngine();
let store: CrashStore | undefined;

afterEach(async () => {
  await killAllServers();
  await store?.dispose();
  store = undefined;
});

describe(`SIGTERM under load (${engine})`, () => {
  it('finishes what it acknowledged, refuses the rest cleanly, tells sockets to reconnect, and exits 0', async () => {
    const ack = emptyAcknowledged();
    store = await createStore(engine);
    const server = startServer(store.env);
    const origin = await listening(server);
    await registerMembers(origin, 4, ack);
    await listItems(origin, ack, await testImage(), 2);
    const member = ack.members[0]!;
    const socket = new WebSocket(`${origin.replace('http', 'ws')}/api/ws`, { headers: { origin, cookie: member.cookie } });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

    const load = startLoad(origin, ack, seededRandom(20261121), await testImage());
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Requests cut off once the process has gone were never acknowledged; the load says nothing of them.
    load.stop();
    const signalled = Date.now();
    server.child.kill('SIGTERM');

    expect(await closed).toBe(WS_CLOSE.shuttingDown);
    expect(await server.exited).toBe(0);
    // Not a speed target: a server that waits out its clients' keep-alive (72 s) has not shut down.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    await load.done;
    expect(server.output()).toContain('shutting down');
    // A request that arrived while closing may get 503; nothing may fail otherwise.
    expect(load.failures.filter((failure) => !/: 503 /.test(failure))).toEqual([]);
    expect(load.counts['proposal 201'] ?? 0).toBeGreaterThan(0);

    const handle = await store.open();
    try {
      expect(await verifyDatabase(handle.db, ack)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
