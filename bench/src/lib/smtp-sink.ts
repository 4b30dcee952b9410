import type { Readable } from 'node:stream';
import { startSmtpServer, type SmtpServer } from '../../../server/src/test/smtp.ts';

/** What a measure needs of a mail: where it went (the envelope), its subject, and when it arrived. */
export interface SunkMail {
  to: string[];
  subject: string;
  receivedAt: number;
}

export type SmtpSink = SmtpServer<SunkMail>;

/**
 * The bench's mail server. Unlike the tests' it does not parse bodies: at hundreds of mails a second
 * that would take CPU from the servers measured.
 */
export function startSmtpSink(): Promise<SmtpSink> {
  // Two instances with a pool of connections each, and room to spare.
  return startSmtpServer(readSubject, { maxClients: 100 });
}

async function readSubject(message: Readable, to: string[]): Promise<SunkMail> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const headers = text.slice(0, text.indexOf('\r\n\r\n'));
  return { to, subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? '', receivedAt: performance.now() };
}
