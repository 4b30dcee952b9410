import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit windows shared by every instance on one PostgreSQL (docs/decisions/025): one row per
 * counter and key, the key an HMAC so no email or address sits here in clear. UNLOGGED (a hand edit
 * of migration 0019): counters are not worth a write-ahead log, and a crash only resets them.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
