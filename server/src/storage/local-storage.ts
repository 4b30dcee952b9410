import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { STORAGE_KEY, type Storage } from './storage.ts';

export class LocalStorage implements Storage {
  constructor(private readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    await fsp.writeFile(partial, bytes);
    await fsp.rename(partial, file);
  }

  async get(key: string): Promise<Readable | undefined> {
    const file = this.fileOf(key);
    try {
      await fsp.access(file);
    } catch {
      return undefined;
    }
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.fileOf(key), { force: true });
  }

  private fileOf(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`refused storage key ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }
}
