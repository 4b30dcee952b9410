import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What a measure needs of a mail: where it went (the envelope), its subject, and when it arrived. */
export interface SunkMail {
  to: string[];
  subject: string;
  receivedAt: number;
}

export interface SmtpSink {
  /** What SMTP_URL says to reach it. */
  url: string;
  mails: SunkMail[];
  /** Resolves once `predicate` holds for the mails received; rejects after `timeoutMs`. */
  until(predicate: (mails: SunkMail[]) => boolean, timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on loopback for the bench. Unlike the tests' server (server/src/test/smtp.ts)
 * it does not parse bodies: at hundreds of mails a second that would take CPU from the servers measured.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // Two instances with a pool of connections each, and room to spare.
    maxClients: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks).toString('utf8');
        const headers = message.slice(0, message.indexOf('\r\n\r\n'));
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
        mails.push({ to: session.envelope.rcptTo.map((recipient) => recipient.address), subject, receivedAt: performance.now() });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    until(predicate, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(mails)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`the SMTP sink had ${mails.length} mails after ${timeoutMs / 1000} s, short of what was expected`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
