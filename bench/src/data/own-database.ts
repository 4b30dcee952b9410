import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../../server/src/db/database.ts';
import { freshBenchDatabase, runDatabaseName } from './fresh-database.ts';

export interface OwnDatabase {
  database: DatabaseHandle;
  /** Removes what was made; call it once the database is closed. */
  remove(): Promise<void>;
}

/**
 * A database of a measure's own, for measures that need none of the shared listings: a PGlite data
 * directory of its own, or with `adminUrl` a PostgreSQL database named after `base` made afresh.
 */
export async function openOwnDatabase(base: string, adminUrl?: string): Promise<OwnDatabase> {
  const name = runDatabaseName(base);
  const quiet = { warn: () => undefined };
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
    return {
      database: await openDatabase({ engine: 'pglite', dataDir }, quiet),
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const fresh = await freshBenchDatabase(adminUrl, base);
  return { database: await openDatabase({ engine: 'postgres', url: fresh.url }, quiet), remove: fresh.drop };
}
