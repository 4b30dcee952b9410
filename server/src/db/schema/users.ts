import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { places } from './places.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    photoUrl: text('photo_url'),
    bio: text('bio').notNull().default(''),
    location: text('location').notNull().default(''),
    /** The gazetteer place of `location` (issue 17): the marketplace's default "within ... of". */
    placeId: integer('place_id').references(() => places.id),
    points: integer('points').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member's last open tab went away. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Online while this is in the future: instances holding a tab of the member push it forward. */
    onlineUntil: timestamp('online_until', { withTimezone: true }),
    /**
     * Set when the member deleted their account: the row stays, emptied, so the ledger, the other
     * member's conversations and the ratings they gave keep their references ("Former member").
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    role: text('role').notNull().default('member'),
    /**
     * When a weekly summary sweep last claimed the member (mail sent or nothing to say): set in the
     * transaction that queues the summary's job, so one instance claims each member once a week.
     */
    lastWeeklySummaryAt: timestamp('last_weekly_summary_at', { withTimezone: true }),
    /** The language of the member's mails and pushes: the one they signed up in, until they choose another in Settings. */
    locale: text('locale'),
  },
  (t) => [
    check('users_role_known', sql`${t.role} IN ('member', 'moderator', 'admin')`),
    check('users_locale_known', sql`${t.locale} IN ('en', 'es', 'de')`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_points_non_negative', sql`${t.points} >= 0`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token: a leaked table cannot be replayed. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remember: boolean('remember').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** As the browser sent it at sign-in, so the member can tell their devices apart. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** An email change waiting for its confirmation link: single use, stored hashed like reset tokens. */
export const emailChanges = pgTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_changes_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);
