import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import type { Agent } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config } from '../config.ts';
import type { JobSettings } from '../jobs/queue.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { LogCapture } from './log-capture.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Limits high enough that only a test about limits meets them (and a seed never does). */
const RELAXED_LIMIT = { max: 10_000, windowMs: 60_000 };
export const RELAXED_RATE_LIMITS = Object.fromEntries(
  Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, RELAXED_LIMIT]),
) as Config['rateLimits'];

export interface TestApp {
  app: FastifyInstance;
  mails: Mail[];
  /** Where this app's uploaded images are stored; removed when the app closes. */
  uploadsDir: string;
  config: Config;
  /** Every line the server logged, at the config's level (silent unless a test asks for one). */
  log: LogCapture;
}

/**
 * newMemberLimits: a test about new members' daily limits asks for them; others make more than they allow.
 * jobs: a test about the job queue's retries and leases shortens them.
 * pushAgent: a Web Push test's, which trusts its own push endpoint's certificate.
 * smtpUrl: mail goes through the real mailer to this SMTP server (server/src/test/smtp.ts) instead of into `mails`.
 * database: one the caller opened (a benchmark's, on the engine it measures) instead of the test engine's.
 */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  {
    newMemberLimits = false,
    jobs,
    pushAgent,
    smtpUrl,
    database,
  }: { newMemberLimits?: boolean; jobs?: Partial<JobSettings>; pushAgent?: Agent; smtpUrl?: string; database?: DatabaseHandle } = {},
): Promise<TestApp> {
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN }),
    rateLimits: RELAXED_RATE_LIMITS,
    ...overrides,
    ...(smtpUrl ? { smtpUrl } : {}),
  };
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-uploads-'));
  const log = new LogCapture();
  const app = await buildApp(config, {
    database: database ?? (await openTestDatabase()),
    // With an SMTP URL the app makes the real mailer, as it does in production.
    mailer: smtpUrl ? undefined : mailer,
    storage: new LocalStorage(uploadsDir),
    logStream: log,
    withoutNewMemberLimits: !newMemberLimits,
    jobs,
    pushAgent,
  });
  app.addHook('onClose', async () => fs.rmSync(uploadsDir, { recursive: true, force: true }));
  return { app, mails, uploadsDir, config, log };
}
