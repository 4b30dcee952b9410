import { Writable } from 'node:stream';

export interface LogEntry {
  level: number;
  msg?: string;
  res?: { statusCode?: number };
  err?: { type?: string; message?: string; stack?: string };
  [key: string]: unknown;
}

const ERROR_LEVEL = 50;

/** The server's log lines, kept in memory as it writes them, for tests that read what operators would. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) if (line) this.lines.push(line);
    done();
  }

  entries(): LogEntry[] {
    return this.lines.map((line) => JSON.parse(line) as LogEntry);
  }

  /** Every line that records a server-side failure: an answer of 500 or more, or an error logged. */
  failures(): LogEntry[] {
    return this.entries().filter((entry) => entry.level >= ERROR_LEVEL || (entry.res?.statusCode ?? 0) >= 500);
  }
}
