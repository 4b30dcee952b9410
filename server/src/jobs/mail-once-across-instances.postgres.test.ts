import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import { createMailer, type Mailer } from '../mail/mailer.ts';
import { TEST_ORIGIN } from '../test/build-test-app.ts';
import { startSmtp, type TestSmtp } from '../test/smtp.ts';
import { openTestDatabase } from '../test/test-database.ts';
import * as repo from './repository.ts';

const MAILS = 1000;

let smtp: TestSmtp;
let dataDir: string;
const instances: FastifyInstance[] = [];
/** How many mails each instance handed to the SMTP server. */
const sentBy = [0, 0];

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-mail-once-'));
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN, SMTP_URL: smtp.url });
  const first = await openTestDatabase();
  const databases = [first, await openDatabase({ engine: 'postgres', url: first.url! }, { warn: () => undefined })];
  for (const [n, database] of databases.entries()) {
    // The mailer the server makes from SMTP_URL, counted per instance.
    const smtpMailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }, pino({ level: 'silent' }));
    const mailer: Mailer = {
      send: async (mail) => {
        await smtpMailer.send(mail);
        sentBy[n]! += 1;
      },
      close: () => smtpMailer.close?.(),
    };
    instances.push(await buildApp(config, { database, mailer }));
  }
});

afterAll(async () => {
  for (const app of instances.reverse()) await app.close();
  await smtp.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('sends 1,000 queued mails through two instances to the SMTP server, each exactly once', async () => {
  const [a] = instances;
  const tag = randomUUID();
  const recipients = Array.from({ length: MAILS }, (_, n) => `once-${n}-${tag}@example.com`);
  await a!.services.database.db.transaction(async (tx) => {
    for (const to of recipients) await repo.insertJob(tx, { kind: 'auth.mail', payload: { template: 'passwordChanged', to }, maxAttempts: 8 });
  });

  await smtp.waitFor((mails) => new Set(mails.flatMap((mail) => mail.to)).size === MAILS, 60_000);
  // Once every row is gone no worker holds a mail it could still send again.
  await expect.poll(() => a!.services.database.db.select().from(jobs), { timeout: 10_000 }).toEqual([]);

  const received = smtp.mails.flatMap((mail) => mail.to);
  expect(received).toHaveLength(MAILS);
  expect(received.sort()).toEqual(recipients.sort());
  expect(sentBy[0]! + sentBy[1]!).toBe(MAILS);
  // Both instances heard the commit and took a share.
  expect(sentBy.every((sent) => sent > 0), `shares ${sentBy.join(' and ')}`).toBe(true);
});
