import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { EventEnvelope } from './event-bus.ts';
import { PostgresEventBus } from './postgres-event-bus.ts';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
const userId = '6f1c2a4e-1b7d-4c55-9a52-0d1f7e3b9c11';
const envelope: EventEnvelope = { rooms: [`user:${userId}`], event: { type: 'points.updated', data: { userId, points: 7 } } };

let database: DatabaseHandle;
const buses: PostgresEventBus[] = [];

beforeEach(async () => {
  database = await openTestDatabase();
});
afterEach(async () => {
  for (const bus of buses.splice(0)) await bus.close();
  await database.close();
});

async function bus(): Promise<{ bus: PostgresEventBus; delivered: EventEnvelope[]; resyncs: () => number }> {
  const created = await PostgresEventBus.connect(database.url!, silent);
  buses.push(created);
  const delivered: EventEnvelope[] = [];
  let resyncs = 0;
  created.subscribe({ deliver: (e) => delivered.push(e), resync: () => (resyncs += 1) });
  return { bus: created, delivered, resyncs: () => resyncs };
}

describe('PostgresEventBus', () => {
  it('delivers an event published by one instance to every instance on the database', async () => {
    const a = await bus();
    const b = await bus();

    await a.bus.publish(envelope);

    await expect.poll(() => b.delivered).toEqual([envelope]);
    await expect.poll(() => a.delivered).toEqual([envelope]);
  });

  it('publishes several events in one statement, each heard on its own and in order', async () => {
    const a = await bus();
    const b = await bus();
    const second: EventEnvelope = { rooms: [`user:${userId}`], event: { type: 'notifications.updated', data: { notificationId: null } } };
    await a.bus.publishAll([second, envelope]);
    await expect.poll(() => b.delivered).toEqual([second, envelope]);
  });

  it('reconnects its listener after the connection is cut, and asks every client to resync', async () => {
    const a = await bus();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'LISTEN%' and datname = current_database()",
    );
    await admin.end();

    await expect.poll(() => a.resyncs(), { timeout: 10_000 }).toBe(1);
    await a.bus.publish(envelope);
    await expect.poll(() => a.delivered).toEqual([envelope]);
  });

  it('refuses an event too large for NOTIFY rather than losing it silently', async () => {
    const a = await bus();
    const huge = { rooms: Array.from({ length: 400 }, (_, i) => `user:${i}-${'x'.repeat(20)}`), event: envelope.event };

    await expect(a.bus.publish(huge)).rejects.toThrow('too large for NOTIFY');
  });
});
