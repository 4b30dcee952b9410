import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { CommandError } from '../lib/command-line.ts';

export class BackupError extends CommandError {}

/** What a backup holds, relative to DATA_DIR: the database's files and the uploaded images. */
export const BACKED_UP = ['pgdata', 'uploads'] as const;

/** `swapyard-backup-2025-06-01T09-30-00-000Z.tar.gz`: sorts by time, and is a valid name everywhere. */
export function backupFileName(now: Date): string {
  return `swapyard-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * Archives a PGlite data directory into one file in `outDir`, and returns its path. It holds the
 * server's own lock while it reads, so it refuses while a server (or anything else) has the directory
 * open, and no file changes under it. The archive is written aside and renamed, so a file with the
 * final name is always complete.
 */
export async function createBackup(dataDir: string, outDir: string, now = new Date()): Promise<string> {
  if (!fs.existsSync(path.join(dataDir, 'pgdata'))) {
    throw new BackupError(`There is no Swapyard database in ${dataDir}, so nothing to back up. Set DATA_DIR to the server's data directory.`);
  }
  const lock = lockDataDir(dataDir);
  try {
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, backupFileName(now));
    const partial = `${file}.partial`;
    try {
      await tar.create(
        { gzip: true, file: partial, cwd: dataDir, portable: true },
        BACKED_UP.filter((name) => fs.existsSync(path.join(dataDir, name))),
      );
      fs.renameSync(partial, file);
    } catch (error) {
      fs.rmSync(partial, { force: true });
      throw error;
    }
    return file;
  } finally {
    lock.release();
  }
}
