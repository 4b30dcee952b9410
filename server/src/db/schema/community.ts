import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The community's own settings: one row, made by the migration, changed by admins. */
export const communitySettings = pgTable(
  'community_settings',
  {
    id: boolean('id').primaryKey().default(true),
    name: text('name').notNull().default('Swapyard'),
    description: text('description').notNull().default(''),
    welcomePoints: integer('welcome_points').notNull().default(100),
    /** Markdown-lite; empty means the community has no rules of its own and sign-up asks for the terms. */
    rules: text('rules').notNull().default(''),
    joinMode: text('join_mode').notNull().default('open'),
    allowedDomains: jsonb('allowed_domains').$type<string[]>().notNull().default([]),
    newMemberDays: integer('new_member_days').notNull().default(2),
    newMemberListingsPerDay: integer('new_member_listings_per_day').notNull().default(5),
    newMemberConversationsPerDay: integer('new_member_conversations_per_day').notNull().default(10),
    /** The language of visitors whose browser asks for none of ours; unset, the server's DEFAULT_LOCALE. */
    defaultLocale: text('default_locale'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('community_settings_single_row', sql`${t.id}`),
    check('community_settings_join_mode_known', sql`${t.joinMode} IN ('open', 'invite', 'domain')`),
    check('community_settings_default_locale_known', sql`${t.defaultLocale} IN ('en', 'es', 'de')`),
    check('community_settings_welcome_points_non_negative', sql`${t.welcomePoints} >= 0`),
    check(
      'community_settings_limits_non_negative',
      sql`${t.newMemberDays} >= 0 AND ${t.newMemberListingsPerDay} >= 0 AND ${t.newMemberConversationsPerDay} >= 0`,
    ),
  ],
);

/** An invite link: its token stored hashed like reset tokens, good for a number of uses until it expires. */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invites_uses_within_max', sql`${t.uses} >= 0 AND ${t.uses} <= ${t.maxUses}`),
    index('invites_newest_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
