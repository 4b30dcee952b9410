import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { places } from './places.ts';
import { users } from './users.ts';

/**
 * The marketplace's filters a member keeps under a name (issue 17), one typed column per filter so
 * a new listing is matched against every search by one SQL statement (docs/decisions/024). Null
 * means the filter is not set; near and within are set together or not at all.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    q: text('q'),
    /** The marketplace's own ILIKE pattern for `q` (its %, _ and \ escaped), kept so matching computes nothing per search. */
    qPattern: text('q_pattern').generatedAlwaysAs(
      sql`'%' || replace(replace(replace(q, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`,
    ),
    category: text('category'),
    type: text('type').notNull().default('all'),
    minValue: integer('min_value'),
    maxValue: integer('max_value'),
    nearPlaceId: integer('near_place_id').references(() => places.id),
    withinKm: smallint('within_km'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** "New since last opened" counts the matches after this. */
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_searches_name_length', sql`char_length(${t.name}) BETWEEN 1 AND 80`),
    check('saved_searches_type_known', sql`${t.type} IN ('all', 'items', 'services')`),
    check('saved_searches_near_with_radius', sql`(${t.nearPlaceId} IS NULL) = (${t.withinKm} IS NULL)`),
    // The member's list, newest first.
    index('saved_searches_owner_idx').on(t.ownerId, t.createdAt.desc().nullsFirst()),
    // The matcher's distance branch: the searches near the places around a new listing.
    index('saved_searches_near_idx').on(t.nearPlaceId).where(sql`${t.nearPlaceId} IS NOT NULL`),
  ],
);

/**
 * Which listings matched which saved search, and when: the "new since last opened" counts, and the
 * alerts (a match not yet told has no alerted_at). A listing that comes back matches again.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.itemId] }),
    // Cascades from a deleted item.
    index('saved_search_matches_item_idx').on(t.itemId),
  ],
);
