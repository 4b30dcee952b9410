import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The gazetteer's places that members have used (issue 17): a row is copied from the offline
 * gazetteer the first time a listing, a profile or a saved search names it, so distances are
 * computed in SQL against an index. A member's place is a town, never a street.
 */
export const places = pgTable(
  'places',
  {
    /** The GeoNames id, so the same town is one row whoever picks it. */
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The first-level division (state, county, nation), empty when the gazetteer has none. */
    region: text('region').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    population: integer('population').notNull().default(0),
  },
  (t) => [
    check('places_latitude_range', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('places_longitude_range', sql`${t.longitude} BETWEEN -180 AND 180`),
    // earthdistance's point on the sphere: "within X km" asks this index for the places in a box.
    // place_point (migration 0018) is ll_to_earth with every name schema-qualified, so pg_restore,
    // which builds indexes with an empty search_path, can build this one.
    index('places_earth_idx').using('gist', sql`place_point(${t.latitude}, ${t.longitude})`),
  ],
);
