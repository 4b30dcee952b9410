import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { DEFAULT_RATE_LIMITS, loadConfig, type Config } from '../config.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { openTestDatabase } from './test-database.ts';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Limits high enough that only a test about limits meets them. */
const RELAXED_LIMIT = { max: 10_000, windowMs: 60_000 };

export interface TestApp {
  app: FastifyInstance;
  mails: Mail[];
}

export async function buildTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN }),
    rateLimits: Object.fromEntries(
      Object.keys(DEFAULT_RATE_LIMITS).map((key) => [key, RELAXED_LIMIT]),
    ) as Config['rateLimits'],
    ...overrides,
  };
  const app = await buildApp(config, { database: await openTestDatabase(), mailer });
  return { app, mails };
}
