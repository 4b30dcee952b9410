import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { emptyAcknowledged, listItems, registerMembers, seededRandom, startLoad, testImage } from '../test/crash/load.ts';
import { crash, createStore, killAllServers, listening, startServer, type CrashStore } from '../test/crash/server-process.ts';
import { verifyDatabase, verifyThroughApi } from '../test/crash/verify.ts';
import { testEngine } from '../test/test-database.ts';

const engine = testEngine();
/** CRASH_SEED=<n> repeats a run's choices and kill times. */
const seed = process.env.CRASH_SEED ? Number.parseInt(process.env.CRASH_SEED, 10) : randomInt(2 ** 31 - 1);
if (!Number.isSafeInteger(seed)) throw new Error(`CRASH_SEED must be a whole number (got "${process.env.CRASH_SEED}")`);
const ROUNDS = 3;
/** Sign-ups are limited to 10 per hour per IP, counted in the server's memory. */
const MEMBERS = 6;

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
const say = (line: string) => process.stdout.write(`[crash-safety ${engine} seed=${seed}] ${line}\n`);

describe(`a server killed with SIGKILL under load (${engine})`, () => {
  it('keeps every acknowledged write and a balanced ledger, kill after kill', async () => {
    say(`starting; repeat with CRASH_SEED=${seed}`);
    const killTimes = seededRandom(seed);
    const choices = seededRandom(seed ^ 0x5eed);
    const image = await testImage();
    const ack = emptyAcknowledged();
    store = await createStore(engine);

    let server = startServer(store.env);
    let origin = await listening(server);
    await registerMembers(origin, MEMBERS, ack);
    await listItems(origin, ack, image, 2);

    for (let round = 1; round <= ROUNDS; round++) {
      const context = `seed ${seed}, round ${round}`;
      const load = startLoad(origin, ack, choices, image);
      const delay = 1500 + Math.floor(killTimes() * 2500);
      await sleep(delay);
      load.stop();
      await crash(server);
      await load.done;
      say(
        `round ${round}: killed after ${delay} ms; acknowledged so far: ${ack.items.size} items, ${ack.proposals.size} proposals ` +
          `(${[...ack.proposals.values()].filter((p) => p.answer === 'accepted').length} accepted), ${ack.messages.size} messages; ` +
          `responses this round: ${JSON.stringify(load.counts)}`,
      );
      expect(load.failures, `${context}: no request may fail before the kill\n${server.output().slice(-3_000)}`).toEqual([]);
      expect(ack.proposals.size, `${context}: the load made proposals`).toBeGreaterThan(0);

      if (store.engine === 'postgres' || round === ROUNDS) {
        // PGlite: only now, with no server left, may this process open the directory (taking over the dead one's lock).
        handle = await store.open();
        expect(await verifyDatabase(handle.db, ack), `${context}: the database after the kill`).toEqual([]);
        await handle.close();
        handle = undefined;
      }
      if (round === ROUNDS) break;

      server = startServer(store.env);
      origin = await listening(server);
      expect(await verifyThroughApi(origin, ack), `${context}: the restarted server`).toEqual([]);
    }
    expect([...ack.proposals.values()].some((p) => p.answer === 'accepted'), `seed ${seed}: some accept was acknowledged`).toBe(true);
  }, 150_000);
});
