import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, parsed as a mail program would. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), which is where the mail really goes. */
  to: string[];
  parsed: ParsedMail;
  receivedAt: number;
}

/** A real SMTP server on loopback that keeps every mail it accepts, for one test file or benchmark. */
export interface TestSmtp {
  /** What SMTP_URL would say to reach it. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the received mails once `predicate` holds for them; rejects after `timeoutMs`. */
  waitFor(predicate: (mails: ReceivedMail[]) => boolean, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((recipient) => recipient.address);
      simpleParser(stream).then(
        (parsed) => {
          mails.push({ to, parsed, receivedAt: Date.now() });
          for (const wake of waiters) wake();
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(mails)) return;
          cleanup();
          resolve(mails);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`the SMTP server did not receive the expected mail within ${String(timeoutMs)} ms (it has ${String(mails.length)})`));
        }, timeoutMs);
        const cleanup = () => {
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
