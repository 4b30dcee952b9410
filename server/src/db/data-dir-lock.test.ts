import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-lock-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a second holder and names the directory', () => {
    const lock = lockDataDir(dir);

    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`The data directory ${dir} is in use by another Swapyard process`);

    lock.release();
    lockDataDir(dir).release();
  });

  it('takes over a lock left behind by a process that has died', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => child.once('exit', () => resolve(child.pid!)));
    fs.writeFileSync(path.join(dir, 'swapyard.lock'), String(deadPid));

    const lock = lockDataDir(dir);

    expect(fs.readFileSync(path.join(dir, 'swapyard.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
