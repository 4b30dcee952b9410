import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle, type DatabaseLog } from '../db/database.ts';

// A test database is dropped under its idle connections; that is expected, not worth a word.
const quiet: DatabaseLog = { warn: () => undefined };

/** TEST_ENGINE picks the engine the suite runs on; each call gets a database of its own. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine() === 'pglite') return openDatabase({ engine: 'pglite-memory', snapshot: await migratedSnapshot() }, quiet);
  return openFreshPostgres();
}

let snapshot: Promise<Blob> | undefined;

/** Migrating a fresh PGlite takes seconds; loading a migrated one, a fraction of that. One per test worker. */
function migratedSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const template = await openDatabase({ engine: 'pglite-memory' }, quiet);
    try {
      return await template.pglite!.dumpDataDir('none');
    } finally {
      await template.close();
    }
  })();
  return snapshot;
}

async function openFreshPostgres(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `swapyard_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ engine: 'postgres', url: url.toString() }, quiet);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
