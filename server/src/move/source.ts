import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import fs from 'node:fs';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { migrationsFolder, PGLITE_EXTENSIONS, pgliteDataDir } from '../db/database.ts';
import { MoveError } from './move-error.ts';

/** The stopped PGlite site, held under the server's data-directory lock and read in one read-only snapshot. */
export interface Source {
  client: PGlite;
  close(): Promise<void>;
}

/**
 * Opens DATA_DIR's database without migrating it (the move never changes its source), refusing one
 * whose migrations are not exactly this release's: the target is made by this release's migrations,
 * and the rows must fit them.
 */
export async function openSource(dataDir: string): Promise<Source> {
  if (!fs.existsSync(pgliteDataDir(dataDir))) {
    throw new MoveError(noDatabase(dataDir));
  }
  const lock = lockDataDir(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({ dataDir: pgliteDataDir(dataDir), extensions: PGLITE_EXTENSIONS });
    // Every read below sees one instant, and the session could not write if it tried.
    await client.exec('begin transaction isolation level repeatable read read only');
    await checkMigrations(client, dataDir);
  } catch (error) {
    await client?.close();
    lock.release();
    throw error;
  }
  const opened = client;
  return {
    client: opened,
    close: async () => {
      await opened.exec('rollback');
      await opened.close();
      lock.release();
    },
  };
}

async function checkMigrations(client: PGlite, dataDir: string): Promise<void> {
  const latest = readMigrationFiles({ migrationsFolder }).at(-1)!.folderMillis;
  const table = await client.query<{ present: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table.rows[0]?.present) {
    throw new MoveError(noDatabase(dataDir));
  }
  const applied = await client.query<{ at: string | null }>('select max(created_at)::text as at from drizzle.__drizzle_migrations');
  const at = applied.rows[0]?.at ?? '0';
  if (Number(at) < latest) {
    throw new MoveError(
      `The database in ${dataDir} was last opened by an older release. Start the server on it once with this release (it brings the database up to date), stop it, then move.`,
    );
  }
  if (Number(at) > latest) {
    throw new MoveError(`The database in ${dataDir} was last opened by a newer release than this one: move it with that release.`);
  }
}

const noDatabase = (dataDir: string) =>
  `There is no Swapyard database in ${dataDir}, so nothing to move. Set DATA_DIR to the server's data directory.`;
