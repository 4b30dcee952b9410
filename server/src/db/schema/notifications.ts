import { sql } from 'drizzle-orm';
import type { MessageRef } from '@swapyard/contract';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { proposals } from './proposals.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /**
     * The catalogue texts the title and description were written from (docs/decisions/032): each
     * reader reads them in their own language. Null for words of a member's own (a message's
     * preview), and for notices older than languages, whose title and description are read as written.
     */
    titleMessage: jsonb('title_message').$type<MessageRef>(),
    descriptionMessage: jsonb('description_message').$type<MessageRef>(),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    relatedId: text('related_id'),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    resolved: boolean('resolved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('notifications_type_known', sql`${t.type} IN ('message', 'proposal', 'rating', 'system', 'other', 'favourite', 'saved_search')`),
    index('notifications_user_newest_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
    // One unread message notice per member and conversation, which a send upserts in one statement
    // (docs/decisions/029): a send that waited on the pair's lock cannot see a notice made meanwhile.
    uniqueIndex('notifications_unread_message_idx').on(t.userId, t.relatedId).where(sql`${t.type} = 'message' AND ${t.read} = false`),
  ],
);
