import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { inForce } from '../../db/suspended.ts';
import { blocks, items, places, savedSearchMatches, savedSearches, suspensions, users } from '../../db/schema/index.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type NewSavedSearch = Pick<
  typeof savedSearches.$inferInsert,
  'ownerId' | 'name' | 'q' | 'category' | 'type' | 'minValue' | 'maxValue' | 'nearPlaceId' | 'withinKm'
>;

/** Both engines answer execute() with `rows`; drizzle types it loosely. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Whether a matched listing is still news to the searcher: on the marketplace (available, not
 * hidden, its owner not suspended) and neither member has blocked the other since the match.
 * `itemId` and `searcherId` are SQL of the outer query.
 */
function stillNews(itemId: SQL, searcherId: SQL): SQL {
  return sql`EXISTS (
    SELECT 1 FROM ${items} i
    WHERE i.id = ${itemId} AND i.status = 'available' AND i.hidden_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM ${suspensions} WHERE ${suspensions.userId} = i.owner_id AND ${inForce()})
      AND NOT EXISTS (
        SELECT 1 FROM ${blocks} b
        WHERE (b.blocker_id = ${searcherId} AND b.blocked_id = i.owner_id) OR (b.blocker_id = i.owner_id AND b.blocked_id = ${searcherId})
      )
  )`;
}

/** The database's clock, which every match time is read on. */
export async function now(db: Executor): Promise<Date> {
  const [row] = rowsOf<{ now: Date | string }>(await db.execute(sql`select now() as now`));
  return new Date(row!.now);
}

/** Serialises a member's creates, so two at once cannot both pass the limit. */
export async function lockOwner(tx: Executor, ownerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`saved-searches:${ownerId}`}, 0))`);
}

export async function countOf(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function insert(tx: Executor, values: NewSavedSearch): Promise<SavedSearchRow> {
  const [row] = await tx.insert(savedSearches).values(values).returning();
  return row!;
}

/**
 * The member's searches, newest first, each with its new matches: listed after it was last opened
 * and still available and not hidden (a listing swapped since is no longer news).
 */
export function listOf(db: Executor, ownerId: string, id?: string) {
  // Aliased by hand: drizzle leaves a one-table query's columns unqualified, even inside a subquery.
  const newMatches = sql<number>`(
    SELECT count(*)::int FROM ${savedSearchMatches} m
    WHERE m.search_id = ${savedSearches}.id AND m.matched_at > ${savedSearches}.last_opened_at
      AND ${stillNews(sql`m.item_id`, sql`${savedSearches}.owner_id`)}
  )`;
  return db
    .select({ search: savedSearches, newMatches })
    .from(savedSearches)
    .where(and(eq(savedSearches.ownerId, ownerId), id ? eq(savedSearches.id, id) : undefined))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/** A rename or an opening: only the owner's row changes; false when the member has no such search. */
export async function updateOwn(
  db: Executor,
  ownerId: string,
  id: string,
  change: { name: string } | 'opened',
): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set(change === 'opened' ? { lastOpenedAt: sql`now()` } : change)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.ownerId, ownerId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function remove(db: Executor, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.ownerId, ownerId)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** In the transaction that deletes the member's account. */
export async function removeAllOf(tx: Executor, ownerId: string): Promise<void> {
  await tx.delete(savedSearches).where(eq(savedSearches.ownerId, ownerId));
}

/** The widest radius a search may keep, in metres: the box the place index is asked for. */
const WIDEST_RADIUS_M = 100_000;

/**
 * The matcher (docs/decisions/024): ONE statement finds every saved search the listing matches and
 * records the matches, returning the searches matched. The listing counts only while the
 * marketplace shows it (available, not hidden, owner not suspended). Text is the marketplace's
 * ILIKE on title or description with the search's stored pattern; distance is earthdistance from
 * the listing's place, through the places index for the places within the widest radius, so only
 * searches near one of those are looked at for distance. Never the owner's own searches, never
 * across a block either way, never for a deleted or suspended searcher. A listing back on the
 * marketplace matches again: its match is news once more.
 */
export function matchListing(db: Executor, itemId: string, listedAt: Date) {
  return db.execute(sql`
    WITH listing AS (
      SELECT i.id, i.owner_id, i.title, i.description, i.category, i.kind, i.value, p.latitude, p.longitude
      FROM ${items} i
      LEFT JOIN ${places} p ON p.id = i.place_id
      WHERE i.id = ${itemId} AND i.status = 'available' AND i.hidden_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${suspensions} WHERE ${suspensions.userId} = i.owner_id AND ${inForce()})
    ),
    -- Materialized: each nearby town's distance is worked out once, not again for every search near it.
    nearby AS MATERIALIZED (
      SELECT pl.id, earth_distance(place_point(pl.latitude, pl.longitude), place_point(l.latitude, l.longitude)) AS metres
      FROM listing l
      JOIN ${places} pl ON earth_box(place_point(l.latitude, l.longitude), ${WIDEST_RADIUS_M}) @> place_point(pl.latitude, pl.longitude)
      WHERE l.latitude IS NOT NULL
    ),
    candidates AS (
      SELECT s.id, s.owner_id, s.q_pattern, s.category, s.type, s.min_value, s.max_value
      FROM ${savedSearches} s WHERE s.near_place_id IS NULL
      UNION ALL
      SELECT s.id, s.owner_id, s.q_pattern, s.category, s.type, s.min_value, s.max_value
      FROM nearby n JOIN ${savedSearches} s ON s.near_place_id = n.id
      WHERE n.metres <= s.within_km * 1000
    ),
    matched AS (
      SELECT c.id AS search_id, l.id AS item_id
      FROM listing l
      JOIN candidates c ON c.owner_id <> l.owner_id
      WHERE (c.category IS NULL OR c.category = l.category)
        AND (c.type = 'all' OR (c.type = 'items' AND l.kind = 'item') OR (c.type = 'services' AND l.kind = 'service'))
        AND (c.min_value IS NULL OR l.value >= c.min_value)
        AND (c.max_value IS NULL OR l.value <= c.max_value)
        AND (c.q_pattern IS NULL OR l.title ILIKE c.q_pattern OR l.description ILIKE c.q_pattern)
        AND NOT EXISTS (
          SELECT 1 FROM ${blocks} b
          WHERE (b.blocker_id = c.owner_id AND b.blocked_id = l.owner_id) OR (b.blocker_id = l.owner_id AND b.blocked_id = c.owner_id)
        )
        AND EXISTS (SELECT 1 FROM ${users} u WHERE u.id = c.owner_id AND u.deleted_at IS NULL)
        AND NOT EXISTS (SELECT 1 FROM ${suspensions} WHERE ${suspensions.userId} = c.owner_id AND ${inForce()})
    )
    INSERT INTO ${savedSearchMatches} (search_id, item_id)
    SELECT search_id, item_id FROM matched
    ON CONFLICT (search_id, item_id) DO UPDATE SET matched_at = now(), alerted_at = NULL
      WHERE ${savedSearchMatches}.matched_at < ${listedAt.toISOString()}::timestamptz
    RETURNING search_id
  `);
}

export async function matchedSearches(db: Executor, itemId: string, listedAt: Date): Promise<string[]> {
  return rowsOf<{ search_id: string }>(await matchListing(db, itemId, listedAt)).map((row) => row.search_id);
}

/** The search, locked: its alert job and a rename or delete queue on it. */
export async function lockSearch(tx: Executor, id: string): Promise<SavedSearchRow | undefined> {
  const [row] = await tx.select().from(savedSearches).where(eq(savedSearches.id, id)).for('update');
  return row;
}

/**
 * The matches not yet told, now told: those whose listing is still on the marketplace. Returns how
 * many, so one notice counts them all; a second run finds none, so no match is told twice.
 */
export async function markAlerted(tx: Executor, search: SavedSearchRow): Promise<string[]> {
  const rows = await tx
    .update(savedSearchMatches)
    .set({ alertedAt: sql`now()` })
    .where(
      and(
        eq(savedSearchMatches.searchId, search.id),
        sql`${savedSearchMatches.alertedAt} IS NULL`,
        stillNews(sql`${savedSearchMatches}.item_id`, sql`${search.ownerId}::uuid`),
      ),
    )
    .returning({ itemId: savedSearchMatches.itemId });
  return rows.map((row) => row.itemId);
}
