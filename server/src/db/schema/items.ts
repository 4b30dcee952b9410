import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { places } from './places.ts';
import { users } from './users.ts';

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    kind: text('kind')
      .notNull()
      .generatedAlwaysAs(sql`CASE WHEN category = 'Services' THEN 'service' ELSE 'item' END`),
    value: integer('value').notNull(),
    location: text('location').notNull(),
    /** The gazetteer place the location names; null for text no place matched, which distance filters leave out. */
    placeId: integer('place_id').references(() => places.id),
    status: text('status').notNull().default('available'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a moderator has hidden the listing: out of the marketplace and search, restorable. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    check('items_value_non_negative', sql`${t.value} >= 0`),
    check(
      'items_category_known',
      sql`${t.category} IN ('Electronics', 'Furniture', 'Clothing', 'Books', 'Sports', 'Services', 'Other')`,
    ),
    check('items_status_known', sql`${t.status} IN ('available', 'swapped', 'withdrawn')`),
    index('items_available_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available'`),
    index('items_owner_newest_idx').on(t.ownerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('items_category_newest_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available'`),
    // fastupdate off: new rows go straight into the index instead of a pending list every search reads
    // in full until a VACUUM, which PGlite never runs (docs/performance.md).
    index('items_available_place_idx')
      .on(t.placeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'available'`),
    index('items_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
    index('items_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')).with({ fastupdate: 'off' }),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [
    unique('item_images_item_position_key').on(t.itemId, t.position),
    check('item_images_position_range', sql`${t.position} BETWEEN 0 AND 3`),
  ],
);
