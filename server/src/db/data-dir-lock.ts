import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): void;
}

export const LOCK_FILE = 'swapyard.lock';
const heldInThisProcess = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockedError(dir: string, pid: number | string): DataDirLockedError {
  return new DataDirLockedError(
    `The data directory ${dir} is in use by another Swapyard process (pid ${pid}). ` +
      'Stop that process first, or set DATA_DIR to another directory.',
  );
}

/**
 * PGlite must be opened by one process only: two processes on one directory silently lose
 * committed rows. The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, LOCK_FILE);
  if (heldInThisProcess.has(lockPath)) throw lockedError(dir, process.pid);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldInThisProcess.add(lockPath);
      return {
        release() {
          heldInThisProcess.delete(lockPath);
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      // Our own pid in a lock we do not hold is a leftover from a previous process that had it.
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw lockedError(dir, owner);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw lockedError(dir, 'unknown');
}
