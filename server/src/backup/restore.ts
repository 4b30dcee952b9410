import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { LOCK_FILE, lockDataDir } from '../db/data-dir-lock.ts';
import { BACKED_UP, BackupError } from './backup.ts';

const BACKED_UP_PATH = /^(pgdata|uploads)(\/|$)/;

/**
 * Unpacks a backup into a PGlite data directory, under the server's lock. An empty (or missing)
 * directory only, unless `force`: then its database and uploads are replaced, and nothing else in it
 * is touched. The archive is unpacked aside first, so a bad archive leaves the directory as it was.
 */
export async function restoreBackup(archive: string, dataDir: string, { force = false }: { force?: boolean } = {}): Promise<void> {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no backup file at ${archive}.`);
  const lock = lockDataDir(dataDir);
  try {
    const present = fs.readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
    if (present.length > 0 && !force) {
      throw new BackupError(
        `Refusing to restore into ${dataDir}: it is not empty (${present.sort().join(', ')}). ` +
          'Restore into an empty directory, or add --force to replace its database and uploads.',
      );
    }
    const staging = fs.mkdtempSync(path.join(dataDir, '.restoring-'));
    try {
      let failure: Error | undefined;
      try {
        // Plain files and folders under pgdata/ and uploads/ only: nothing outside them, no links.
        await tar.extract({
          file: archive,
          cwd: staging,
          strict: true,
          filter: (entryPath, entry) =>
            BACKED_UP_PATH.test(entryPath) && 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
        });
      } catch (error) {
        failure = error as Error;
      }
      if (failure) {
        throw new BackupError(`${archive} is damaged or not a Swapyard backup, so nothing was restored (${failure.message}).`);
      }
      if (!fs.existsSync(path.join(staging, 'pgdata', 'PG_VERSION'))) {
        throw new BackupError(`${archive} is not a Swapyard backup: it holds no database (pgdata/).`);
      }
      for (const name of BACKED_UP) {
        fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
        if (fs.existsSync(path.join(staging, name))) fs.renameSync(path.join(staging, name), path.join(dataDir, name));
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  } finally {
    lock.release();
  }
}
