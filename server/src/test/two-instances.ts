import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { buildTestApp } from './build-test-app.ts';

export interface TwoInstances {
  a: FastifyInstance;
  b: FastifyInstance;
}

/**
 * Two servers on one PostgreSQL database, as an operator runs them behind a proxy; started before
 * the file's tests, both with the test config and `overrides` (a test of limits gives its own).
 */
export function useTwoInstances(overrides: Partial<Config> = {}): () => TwoInstances {
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    const first = await buildTestApp(overrides);
    const url = first.app.services.database.url!;
    const b = await buildApp(first.config, {
      database: await openDatabase({ engine: 'postgres', url }, { warn: () => undefined }),
    });
    instances = { a: first.app, b };
    await first.app.listen({ host: '127.0.0.1', port: 0 });
    await b.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await instances?.b.close();
    await instances?.a.close();
  });
  return () => {
    if (!instances) throw new Error('the instances are not started: useTwoInstances() starts them in beforeAll');
    return instances;
  };
}
