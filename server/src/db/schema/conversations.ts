import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    /** "<smaller user id>:<larger user id>:<item id or 'none'>": one conversation per pair per item. */
    pairKey: text('pair_key').notNull(),
    /** Who opened it, for new members' daily limit on conversations they start (issue 15). */
    startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's words ('' for a photo alone, a removed message, or none yet): a member's own, in no language. */
    lastMessage: text('last_message').notNull().default(''),
    /**
     * What the newest message is, so the list says "Photo" or "Message removed by a moderator" in the
     * reader's language, not in the writer's or the moderator's (issue 20).
     */
    lastMessageKind: text('last_message_kind', { enum: ['none', 'text', 'photo', 'removed'] }).notNull().default('none'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('conversations_pair_key').on(t.pairKey),
    index('conversations_last_message_idx').on(t.lastMessageAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('conversations_started_by_idx').on(t.startedBy, t.createdAt.desc().nullsFirst()),
    check('conversations_last_message_kind_known', sql`${t.lastMessageKind} IN ('none', 'text', 'photo', 'removed')`),
  ],
);

export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made by the sending tab, so a retried send never makes a second message. */
    clientId: uuid('client_id').notNull(),
    text: text('text').notNull().default(''),
    imageKey: text('image_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a moderator removed the message: both members see a placeholder instead of it. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    unique('messages_sender_client_key').on(t.senderId, t.clientId),
    index('messages_conversation_newest_idx').on(t.conversationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
