import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readZip } from '../test/zip.ts';
import { textStream, zipStream, type ZipEntry } from './zip-stream.ts';

describe('zipStream', () => {
  it('opens each entry only when the archive reaches it, and leaves out one that has nothing to open', async () => {
    const opened: string[] = [];
    const entry = (name: string, content: string | undefined): ZipEntry => ({
      name,
      compress: true,
      open: async () => {
        opened.push(name);
        return content === undefined ? undefined : textStream([content]);
      },
    });
    async function* entries() {
      yield entry('a.txt', 'first');
      expect(opened).toEqual(['a.txt']);
      yield entry('gone.txt', undefined);
      yield entry('b.txt', 'second');
    }

    const zip = await readZip(Buffer.concat(await zipStream(entries(), () => undefined).toArray()), () => true);

    expect(opened).toEqual(['a.txt', 'gone.txt', 'b.txt']);
    expect([...zip.texts]).toEqual([['a.txt', 'first'], ['b.txt', 'second']]);
  });

  it('stops reading and closes the open source when the reader goes away', async () => {
    const source = new PassThrough();
    source.write(Buffer.alloc(64 * 1024));
    let stopped = false;
    async function* entries(): AsyncGenerator<ZipEntry> {
      try {
        yield { name: 'big.bin', compress: false, open: async () => source };
        yield { name: 'never.txt', compress: true, open: async () => Readable.from(['never']) };
      } finally {
        stopped = true;
      }
    }
    const errors: unknown[] = [];
    const output = zipStream(entries(), (error) => errors.push(error));
    await new Promise((resolve) => output.once('data', resolve));

    output.destroy();

    await expect.poll(() => stopped).toBe(true);
    expect(source.destroyed).toBe(true);
    expect(errors).toEqual([]);
  });
});
