import type { FastifyBaseLogger } from 'fastify';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The same words as `text`, for mail programs that show HTML: sent as multipart/alternative. */
  html?: string;
  /** Extra header lines, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Lets go of open connections, once nothing is sent any more. */
  close?(): void;
}

/**
 * SMTP when SMTP_URL is set. Otherwise each mail is written as a file to `outboxDir` and the log
 * says where, so a single-machine operator can still help a member; the log itself never carries
 * a mail's text, as reset links are secrets (docs/decisions/010).
 */
export function createMailer(
  { smtpUrl, from, outboxDir }: { smtpUrl: string | undefined; from: string; outboxDir: string },
  log: FastifyBaseLogger,
): Mailer {
  if (!smtpUrl) return outboxMailer(from, outboxDir, log);
  // A connection per mail costs a TCP and SMTP handshake each (about 150 ms even on loopback); the
  // pool keeps up to 5 open, as many as the job worker sends at once. SMTP_URL may still say pool=false.
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  const transport = nodemailer.createTransport(url.toString());
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

function outboxMailer(from: string, outboxDir: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const sentAt = new Date();
      const file = path.join(outboxDir, `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      // The RFC 5322 message SMTP would carry (multipart when it has HTML), so any mail program opens it.
      const message = await new MailComposer({ from, ...mail, date: sentAt }).compile().build();
      await fs.writeFile(file, message, { mode: 0o600 });
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail not sent (SMTP_URL is not set): written to the outbox');
    },
  };
}
