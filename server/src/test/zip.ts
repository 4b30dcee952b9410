import { buffer, text } from 'node:stream/consumers';
import yauzl from 'yauzl';

export interface ZipEntries {
  /** Every entry's name and uncompressed size, in the archive's order. */
  sizes: Map<string, number>;
  /** The entries asked for, read as text. */
  texts: Map<string, string>;
  /** The entries asked for as they are, byte for byte. */
  bytes: Map<string, Buffer>;
}

/** Reads a zip (a file on disk or bytes in memory) with a real unzipper, checking every entry's CRC. */
export async function readZip(
  source: string | Buffer,
  asText: (name: string) => boolean,
  asBytes: (name: string) => boolean = () => false,
): Promise<ZipEntries> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    const done = (error: Error | null, file?: yauzl.ZipFile) => (error || !file ? reject(error ?? new Error('no zip')) : resolve(file));
    if (typeof source === 'string') yauzl.open(source, { lazyEntries: true }, done);
    else yauzl.fromBuffer(source, { lazyEntries: true }, done);
  });
  const sizes = new Map<string, number>();
  const texts = new Map<string, string>();
  const bytes = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      sizes.set(entry.fileName, entry.uncompressedSize);
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const read = asText(entry.fileName)
          ? text(stream).then((content) => texts.set(entry.fileName, content))
          : asBytes(entry.fileName)
            ? buffer(stream).then((content) => bytes.set(entry.fileName, content))
            : drain(stream);
        read.then(() => zip.readEntry(), reject);
      });
    });
    zip.readEntry();
  });
  return { sizes, texts, bytes };
}

async function drain(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _chunk of stream) {
    // Read to the end so the CRC is checked.
  }
}
