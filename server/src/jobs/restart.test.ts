import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { jobs } from '../db/schema/index.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { TEST_ORIGIN } from '../test/build-test-app.ts';
import { registerMember, send } from '../test/members.ts';
import { DEFAULT_JOB_SETTINGS } from './queue.ts';
import * as repo from './repository.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-jobs-restart-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it('sends after a restart the mail whose job was written before the app closed', async () => {
  const unreachable: Mailer = {
    send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')),
  };
  const first = await buildApp(config, { mailer: unreachable, jobs: { retryBaseMs: 200 } });
  const member = await registerMember(first);
  expect((await send(first, 'POST', '/api/auth/forgot-password', { body: { email: member.user.email } })).statusCode).toBe(200);
  // The reset link is stored with its mail's job, whose first sending failed.
  await expect
    .poll(async () => (await first.services.database.db.select().from(jobs)).map((job) => [job.kind, job.lastError]))
    .toEqual([['auth.mail', 'connect ECONNREFUSED 127.0.0.1:25']]);
  await first.close();

  const mails: Mail[] = [];
  const working: Mailer = {
    send: async (mail) => {
      mails.push(mail);
    },
  };
  const second = await buildApp(config, { mailer: working, jobs: { retryBaseMs: 200 } });
  try {
    await expect.poll(() => mails.map((mail) => mail.to), { timeout: 5_000 }).toEqual([member.user.email]);
    const token = /\/reset-password\/([\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
    const reset = await send(second, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'a new password here', confirmPassword: 'a new password here' },
    });
    expect(reset.statusCode).toBe(200);
    await expect.poll(async () => second.services.database.db.select().from(jobs)).toEqual([]);
  } finally {
    await second.close();
  }
});

it('sends at once after a restart the mail whose worker died holding it, without waiting out the lease', async () => {
  const mails: Mail[] = [];
  const working: Mailer = {
    send: async (mail) => {
      mails.push(mail);
    },
  };
  const first = await buildApp(config, { mailer: working });
  const to = `held-${randomUUID()}@example.com`;
  // What a process killed mid-send leaves in its data directory: the mail's job claimed for the default 10 minutes.
  await first.services.database.db.transaction(async (tx) => {
    await repo.insertJob(tx, { kind: 'auth.mail', payload: { template: 'passwordChanged', to }, maxAttempts: 8 });
    expect(await repo.claimDue(tx, DEFAULT_JOB_SETTINGS.leaseMs)).toMatchObject({ kind: 'auth.mail', attempts: 1 });
  });
  await first.close();

  const second = await buildApp(config, { mailer: working });
  try {
    await expect.poll(() => mails.map((mail) => mail.to), { timeout: 5_000 }).toEqual([to]);
    await expect.poll(async () => second.services.database.db.select().from(jobs)).toEqual([]);
  } finally {
    await second.close();
  }
});
