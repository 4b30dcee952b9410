import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';
import { statementRecorder } from './statement-count.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either, so a service decides where the transaction boundary is. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** Set for PGlite: the raw client, for what Drizzle does not cover (a data-directory dump). */
  pglite?: PGlite;
  engine: 'pglite' | 'postgres';
  /** Set for PostgreSQL: the event bus opens its own LISTEN connection with it. */
  url?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { engine: 'postgres'; url: string }
  | { engine: 'pglite'; dataDir: string }
  /** A throwaway PGlite held in memory, for tests; a snapshot (dumpDataDir) skips most of the set-up. */
  | { engine: 'pglite-memory'; snapshot?: Blob };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed 64-bit number works; it only has to be the same in every instance.
const MIGRATION_LOCK_ID = 7_301_942_518;

/** Where a lost idle connection is reported; without a listener it would crash the process. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

export async function openDatabase(target: DatabaseTarget, log: DatabaseLog): Promise<DatabaseHandle> {
  return target.engine === 'postgres' ? openPostgres(target.url, log) : openPglite(target);
}

/** Extensions must be loaded on every open once an index uses them (trigram search, distances), or the open fails. */
export const PGLITE_EXTENSIONS = { pg_trgm, cube, earthdistance };

/**
 * PGlite's default shared_buffers (128 MB) is all resident from the start, since it lives in the WASM
 * heap; the data files are read through the operating system's cache anyway, and 16 MB measured the
 * same statement times with 100,000 listings (docs/decisions/031).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Where PGlite keeps its files inside DATA_DIR (beside `uploads`). */
export const pgliteDataDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/** 0 where the table is not there yet: a first start that stopped before migrating left a directory without it. */
const appliedMigrations = async (client: PGlite) =>
  client
    .query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations')
    .then(({ rows }) => rows[0]!.count)
    .catch(() => 0);

async function openPglite(target: DatabaseTarget & { engine: 'pglite' | 'pglite-memory' }): Promise<DatabaseHandle> {
  const lock = target.engine === 'pglite' ? lockDataDir(target.dataDir) : undefined;
  const create = () =>
    PGlite.create({
      ...(target.engine === 'pglite'
        ? { dataDir: pgliteDataDir(target.dataDir) }
        : { loadDataDir: target.snapshot }),
      extensions: PGLITE_EXTENSIONS,
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    });
  let client: PGlite | undefined;
  try {
    const fresh = target.engine === 'pglite' && !fs.existsSync(path.join(pgliteDataDir(target.dataDir), 'PG_VERSION'));
    client = await create();
    const before = fresh ? 0 : await appliedMigrations(client);
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    // Creating a data directory and migrating it grow the WASM heap to about 800 MB, and a WASM heap
    // never shrinks: a site set up (or upgraded) and then served by the same instance would hold it
    // until restarted. A new instance on the same files starts small (docs/decisions/035).
    if (target.engine === 'pglite' && (fresh || (await appliedMigrations(client)) !== before)) {
      await client.close();
      client = await create();
    }
    const open = client;
    const db = drizzlePglite({ client: open, schema, logger: statementRecorder }) as unknown as Database;
    return {
      db,
      pglite: open,
      engine: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await open.close();
        lock?.release();
      },
    };
  } catch (error) {
    // Closed before the lock goes, so no second process opens files this one still has open.
    await client?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

async function openPostgres(url: string, log: DatabaseLog): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', (error) => log.warn({ err: error }, 'an idle database connection failed'));
  const migrationClient = await pool.connect();
  try {
    // Instances starting together must not apply the same migration twice.
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client: migrationClient, schema }), { migrationsFolder });
    await migrationClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
  } catch (error) {
    migrationClient.release(true);
    await pool.end();
    throw error;
  }
  migrationClient.release();
  const db = drizzleNodePg({ client: pool, schema, logger: statementRecorder }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    url,
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
