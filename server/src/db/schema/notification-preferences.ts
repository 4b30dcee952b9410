import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/**
 * Which notices reach a member outside the app, per kind and channel (email, push). A member with
 * no row for a kind and channel has the default (contract: NOTIFICATION_DEFAULTS); in-app notices
 * are always on.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.channel] }),
    check('notification_preferences_kind_known', sql`${t.kind} IN ('proposals', 'messages', 'ratings', 'community', 'savedSearches', 'weekly_summary')`),
    check('notification_preferences_channel_known', sql`${t.channel} IN ('email', 'push')`),
    // The weekly summary sweep looks for the few members who switched it on, every hour.
    index('notification_preferences_weekly_summary_on_idx').on(t.userId).where(sql`${t.kind} = 'weekly_summary' AND ${t.enabled}`),
  ],
);

/**
 * When a conversation's messages were last delivered to a member on a channel: a message notice
 * goes out once per quiet spell, so a later one waits until the member has been back since.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.conversationId, t.channel] })],
);
