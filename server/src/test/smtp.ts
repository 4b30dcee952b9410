import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps every mail it accepts, as `read` makes it of the message. */
export interface SmtpServer<Mail> {
  /** What SMTP_URL would say to reach it. */
  url: string;
  mails: Mail[];
  /** Resolves with the received mails once `predicate` holds for them; rejects after `timeoutMs`. */
  waitFor(predicate: (mails: Mail[]) => boolean, timeoutMs?: number): Promise<Mail[]>;
  /** Rejects if the server met an error other than a client cutting its connection. */
  stop(): Promise<void>;
}

/** `to` is the envelope's recipients (RCPT TO), which is where the mail really goes. */
export type ReadMail<Mail> = (message: Readable, to: string[]) => Promise<Mail>;

export async function startSmtpServer<Mail>(read: ReadMail<Mail>, { maxClients = 20 } = {}): Promise<SmtpServer<Mail>> {
  const mails: Mail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    maxClients,
    onData(stream, session, callback) {
      read(stream, session.envelope.rcptTo.map((recipient) => recipient.address)).then(
        (mail) => {
          mails.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  // smtp-server reports a client that vanished in the middle of a mail (a server killed while
  // sending, which the crash tests do on purpose) as an 'error' event, thrown when nobody listens.
  // Those are expected; any other error fails the test at stop().
  const unexpected: Error[] = [];
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') unexpected.push(error);
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
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (unexpected.length > 0) throw new Error(`the SMTP server failed: ${unexpected.map((error) => error.message).join('; ')}`);
    },
  };
}

/** A mail as the SMTP server received it, parsed as a mail program would. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  receivedAt: number;
}

export type TestSmtp = SmtpServer<ReceivedMail>;

/** The tests' mail server: every mail parsed, so a test reads its subject, text and links. */
export function startSmtp(): Promise<TestSmtp> {
  return startSmtpServer(async (message, to) => ({ to, parsed: await simpleParser(message), receivedAt: Date.now() }));
}
