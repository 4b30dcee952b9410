import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/** The listings a member saved (issue 17): theirs alone to read; gone with the item or the member. */
export const favourites = pgTable(
  'favourites',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.itemId] }),
    // The Favourites page, newest saved first, keyset-paged; DESC NULLS FIRST as ORDER BY ... DESC is.
    index('favourites_member_newest_idx').on(t.memberId, t.createdAt.desc().nullsFirst(), t.itemId.desc().nullsFirst()),
    // Who saved an item, when it changes or goes.
    index('favourites_item_idx').on(t.itemId),
  ],
);
