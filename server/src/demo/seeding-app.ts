import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import type { Config } from '../config.ts';
import { RELAXED_RATE_LIMITS, TEST_ORIGIN } from '../test/build-test-app.ts';
import { DEMO_PASSWORD, demoEmail, SUGGESTED_ACCOUNTS } from './community.ts';
import { seedDemo, type SeedOutcome } from './seed.ts';

/**
 * The real app on the configured database and storage, driven in-process through `app.inject` by
 * the test factories: every row is made by the services, so ledger, notifications and conversations
 * stay consistent. It never listens; the factories' requests come from TEST_ORIGIN, and one seed
 * makes more listings and uploads than a member's rate limits, or a new member's daily limits, allow.
 */
export function buildSeedingApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  return buildApp(
    { ...config, publicUrl: TEST_ORIGIN, logLevel: 'warn', webDistDir: undefined, rateLimits: RELAXED_RATE_LIMITS },
    { ...options, withoutNewMemberLimits: true },
  );
}

/** Seeds the database the config names (taking the PGlite data-directory lock while it works). */
export async function seedConfiguredDatabase(config: Config, force: boolean): Promise<SeedOutcome> {
  const app = await buildSeedingApp(config);
  try {
    return await seedDemo(app, { force });
  } finally {
    await app.close();
  }
}

export function outcomeLine(outcome: SeedOutcome): string {
  const signIn = `Sign in as ${SUGGESTED_ACCOUNTS.map(demoEmail).join(' or ')} (or any demo member) with the password ${DEMO_PASSWORD}.`;
  if (!outcome.seeded) return `The demo community is already there. ${signIn}`;
  const { members, listings, proposals, conversations, messages } = outcome.summary;
  return `Seeded the demo community: ${members} members, ${listings} listings, ${proposals} proposals, ${conversations} conversations with ${messages} messages. ${signIn}`;
}
