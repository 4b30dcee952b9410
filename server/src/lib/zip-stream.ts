import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

export interface ZipEntry {
  name: string;
  /** Opened only when the archive reaches it; undefined leaves the entry out. */
  open(): Promise<Readable | undefined>;
  /** Already compressed bytes (WebP) are stored as they are: deflating them again costs CPU for nothing. */
  compress: boolean;
}

/**
 * A zip archive written while it is read: entries are taken one at a time, and the next one is
 * opened only once the last has been read to its end, so at most one source is open and the
 * memory it takes does not grow with the archive. A reader that goes away stops the producer.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>, onError: (error: unknown) => void): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  let current: Readable | undefined;
  output.once('close', () => current?.destroy());

  const produce = async () => {
    for await (const entry of entries) {
      if (output.destroyed) return;
      const source = await entry.open();
      if (!source) continue;
      if (output.destroyed) {
        source.destroy();
        return;
      }
      current = source;
      zip.addReadStream(source, entry.name, { compress: entry.compress });
      await finished(source);
    }
    zip.end();
  };
  produce().catch((error: unknown) => {
    if (output.destroyed) return;
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}

/** Text as a stream that asks for the next chunk only when the zip wants more. */
export function textStream(chunks: Iterable<string> | AsyncIterable<string>): Readable {
  return Readable.from(chunks, { objectMode: false });
}
