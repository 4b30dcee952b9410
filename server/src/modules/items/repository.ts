import type { ItemStatus, ItemType } from '@swapyard/contract';
import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, isNull, lte, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { after, type Cursor, type DistanceCursor } from '../../db/keyset.ts';
import { likeAnywhere } from '../../db/like-pattern.ts';
import { inForce, suspendedNow } from '../../db/suspended.ts';
import { itemImages, items, places, suspensions, users } from '../../db/schema/index.ts';

export type ItemRow = typeof items.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;

/** Where a distance is measured from (issue 17): a town, whose coordinates go to SQL and nowhere else. */
export type Origin = Pick<PlaceRow, 'id' | 'name' | 'region' | 'country' | 'latitude' | 'longitude'>;

/** "Within `metres` of `origin`". */
export interface Radius {
  origin: Origin;
  metres: number;
}
export type ItemImageRow = typeof itemImages.$inferSelect;

export interface ItemFilters {
  q?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  minValue?: number | undefined;
  maxValue?: number | undefined;
  type: ItemType;
  /** Owners whose listings the viewer blocked. */
  hiddenOwners?: string[] | undefined;
  /** Listed in this span (after `from`, up to `until`): what is new since a member last looked. */
  listed?: { from: Date; until: Date } | undefined;
  /** Only listings whose place lies within this radius. */
  within?: Radius | undefined;
  /** Only listings with no place: what a distance filter leaves out. */
  unplaced?: boolean | undefined;
}

const pageColumns = {
  item: items,
  cursorAt: sql<string>`${items.createdAt}::text`.as('cursor_at'),
};

export type PageRow = Awaited<ReturnType<typeof listAvailable>>[number];

/**
 * Returns the query itself (awaitable), so a test can EXPLAIN exactly what runs. It stays a plain
 * newest-first index scan that stops at the limit; the page's images are read apart, by id
 * (firstImagesOf). Index columns are DESC NULLS FIRST, as ORDER BY ... DESC is, or no index matches.
 */
function page(db: Executor, where: (SQL | undefined)[], cursor: Cursor | undefined, limit: number) {
  return db
    .select(pageColumns)
    .from(items)
    .where(
      and(
        ...where,
        after(items.createdAt, items.id, cursor),
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(limit);
}

/** A suspended member's listings are seen by nobody else while the suspension lasts. */
function visibleTo(viewerId: string): SQL | undefined {
  return or(eq(items.ownerId, viewerId), not(suspendedNow(items.ownerId)));
}

/** The marketplace: available items only, newest first, every filter in SQL (trigram indexes serve the text). */
export function listAvailable(db: Executor, viewerId: string, filters: ItemFilters, cursor: Cursor | undefined, limit: number) {
  return page(db, marketplace(viewerId, filters), cursor, limit);
}

/** How many listings the marketplace with these filters holds for the viewer. */
export async function countAvailable(db: Executor, viewerId: string, filters: ItemFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items).where(and(...marketplace(viewerId, filters)));
  return row?.n ?? 0;
}

function marketplace(viewerId: string, filters: ItemFilters): (SQL | undefined)[] {
  const text = filters.q ? likeAnywhere(filters.q) : undefined;
  return [
    eq(items.status, 'available'),
    visibleTo(viewerId),
    isNull(items.hiddenAt),
    text ? or(ilike(items.title, text), ilike(items.description, text)) : undefined,
    filters.category ? eq(items.category, filters.category) : undefined,
    filters.location ? ilike(items.location, likeAnywhere(filters.location)) : undefined,
    filters.minValue !== undefined ? gte(items.value, filters.minValue) : undefined,
    filters.maxValue !== undefined ? lte(items.value, filters.maxValue) : undefined,
    filters.type === 'services' ? eq(items.kind, 'service') : undefined,
    filters.type === 'items' ? eq(items.kind, 'item') : undefined,
    filters.hiddenOwners?.length ? notInArray(items.ownerId, filters.hiddenOwners) : undefined,
    filters.listed ? and(gt(items.createdAt, filters.listed.from), lte(items.createdAt, filters.listed.until)) : undefined,
    filters.within ? inArray(items.placeId, placesWithin(filters.within)) : undefined,
    filters.unplaced ? isNull(items.placeId) : undefined,
  ];
}

const pointOf = (place: { latitude: number; longitude: number }) => sql`place_point(${place.latitude}::float8, ${place.longitude}::float8)`;
const placePoint = sql`place_point(${places.latitude}, ${places.longitude})`;
const metresFrom = (origin: Origin) => sql<number>`earth_distance(${pointOf(origin)}, ${placePoint})`;

/**
 * The places within the radius: the cube box around the origin is what the GiST index on
 * places answers; the box's corners reach further than the radius, so the exact distance follows.
 */
function placesInRadius({ origin, metres }: Radius): SQL {
  return sql`earth_box(${pointOf(origin)}, ${metres}::float8) @> ${placePoint} and ${metresFrom(origin)} <= ${metres}::float8`;
}

function placesWithin(radius: Radius) {
  return sql`(select ${places.id} from ${places} where ${placesInRadius(radius)})`;
}

/**
 * The marketplace nearest first (issue 17): only listings with a place (within the radius when one
 * is given), by distance, and the listings of one town newest first. The places come first, nearest
 * first (the GiST index finds those in the radius), and each is asked for at most `limit` of its
 * listings from items_available_place_idx, already in newest order: a page reads a few rows per
 * place, however many listings the nearest town holds, where joining every listing and sorting them
 * read them all. The cursor's place resumes after the cursor; places nearer than it are skipped.
 */
export function listNearest(
  db: Executor,
  viewerId: string,
  filters: ItemFilters,
  origin: Origin,
  radiusMetres: number | undefined,
  cursor: DistanceCursor | undefined,
  limit: number,
) {
  const near = db
    .select({ placeId: places.id, metres: metresFrom(origin).as('metres') })
    .from(places)
    .where(radiusMetres === undefined ? undefined : placesInRadius({ origin, metres: radiusMetres }))
    .as('near');
  const listed = db
    .select({ ...getTableColumns(items), cursorAt: sql<string>`${items.createdAt}::text`.as('cursor_at') })
    .from(items)
    .where(
      and(
        eq(items.placeId, near.placeId),
        ...marketplace(viewerId, filters),
        cursor ? or(sql`${near.metres} > ${cursor.metres}::float8`, after(items.createdAt, items.id, cursor)) : undefined,
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(limit)
    .as('listed');
  const item = Object.fromEntries(Object.keys(getTableColumns(items)).map((name) => [name, listed[name as keyof ItemRow]])) as {
    [K in keyof ItemRow]: (typeof listed)[K];
  };
  return db
    .select({ item, cursorAt: listed.cursorAt, metres: sql<number>`${near.metres}`.mapWith(Number) })
    .from(near)
    .crossJoinLateral(listed)
    .where(cursor ? sql`${near.metres} >= ${cursor.metres}::float8` : undefined)
    .orderBy(asc(near.metres), desc(listed.createdAt), desc(listed.id))
    .limit(limit);
}

export type NearestRow = Awaited<ReturnType<typeof listNearest>>[number];

/** Metres from the origin to each of these places; coordinates stay in SQL. */
export async function distancesFrom(db: Executor, origin: Origin, placeIds: number[]): Promise<Map<number, number>> {
  if (placeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: places.id, metres: metresFrom(origin).mapWith(Number) })
    .from(places)
    .where(inArray(places.id, placeIds));
  return new Map(rows.map((row) => [row.id, row.metres]));
}

/** The member's own place: where the marketplace measures from when no place is asked for. */
export async function placeOfMember(db: Executor, userId: string): Promise<PlaceRow | undefined> {
  const [row] = await db
    .select({ place: places })
    .from(users)
    .innerJoin(places, eq(places.id, users.placeId))
    .where(eq(users.id, userId));
  return row?.place;
}

/** With `withHidden` false, the listings a moderator hid are left out: what other members see of the owner. */
export function listByOwner(
  db: Executor,
  viewerId: string,
  ownerId: string,
  status: ItemStatus | undefined,
  cursor: Cursor | undefined,
  limit: number,
  withHidden = true,
) {
  return page(
    db,
    [
      eq(items.ownerId, ownerId),
      visibleTo(viewerId),
      status ? eq(items.status, status) : undefined,
      withHidden ? undefined : isNull(items.hiddenAt),
    ],
    cursor,
    limit,
  );
}

export async function findWithOwner(db: Executor, id: string, viewerId: string) {
  const [row] = await db
    .select({
      item: items,
      owner: { id: users.id, displayName: users.displayName, photoUrl: users.photoUrl, deletedAt: users.deletedAt },
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(and(eq(items.id, id), visibleTo(viewerId)));
  return row;
}

/**
 * The listings among these that the viewer may see, by the item page's rule (a suspended owner's
 * never; a hidden one only with `withHidden`, or when it is the viewer's own), leaving out `hiddenOwners`.
 */
export function itemsSeenBy(db: Executor, viewerId: string, ids: string[], withHidden: boolean, hiddenOwners: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(items)
    .where(
      and(
        inArray(items.id, ids),
        visibleTo(viewerId),
        withHidden ? undefined : or(isNull(items.hiddenAt), eq(items.ownerId, viewerId)),
        hiddenOwners.length ? notInArray(items.ownerId, hiddenOwners) : undefined,
      ),
    );
}

export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const rows = await db.select({ id: suspensions.id }).from(suspensions).where(and(eq(suspensions.userId, userId), inForce())).limit(1);
  return rows.length > 0;
}

export function firstImagesOf(db: Executor, itemIds: string[]): Promise<ItemImageRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(itemImages)
    .where(and(inArray(itemImages.itemId, itemIds), eq(itemImages.position, 0)));
}

export function imagesOf(db: Executor, itemId: string): Promise<ItemImageRow[]> {
  return db.select().from(itemImages).where(eq(itemImages.itemId, itemId)).orderBy(asc(itemImages.position));
}

export function imagesOfItems(db: Executor, itemIds: string[]): Promise<ItemImageRow[]> {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db.select().from(itemImages).where(inArray(itemImages.itemId, itemIds)).orderBy(asc(itemImages.position));
}

/** Locks the row: an edit and an accepted swap of the same item never interleave. */
export async function lockItem(db: Executor, id: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(items).where(eq(items.id, id)).for('update');
  return row;
}

/** When the owner listed what they listed since then, for new members' daily limit. */
export async function listedSince(db: Executor, ownerId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: items.createdAt })
    .from(items)
    .where(and(eq(items.ownerId, ownerId), gte(items.createdAt, since)));
  return rows.map((row) => row.createdAt);
}

export async function insertItem(
  db: Executor,
  values: Pick<ItemRow, 'ownerId' | 'title' | 'description' | 'category' | 'value' | 'location' | 'placeId'>,
): Promise<ItemRow> {
  const [row] = await db.insert(items).values(values).returning();
  return row!;
}

export async function updateItem(
  db: Executor,
  id: string,
  values: Pick<ItemRow, 'title' | 'description' | 'category' | 'value' | 'location' | 'placeId'>,
): Promise<ItemRow> {
  const [row] = await db
    .update(items)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(items.id, id))
    .returning();
  return row!;
}

/** The images in their new order, positions 0..n-1. */
export async function replaceImages(
  db: Executor,
  itemId: string,
  images: { storageKey: string; width: number; height: number }[],
): Promise<void> {
  await db.delete(itemImages).where(eq(itemImages.itemId, itemId));
  await db.insert(itemImages).values(images.map((image, position) => ({ ...image, itemId, position })));
}

export async function deleteItem(db: Executor, id: string): Promise<void> {
  await db.delete(items).where(eq(items.id, id));
}

/**
 * Item rows locked in id order, before any proposal row: every transaction that locks both does
 * it in this order, so two accepts sharing an item queue instead of deadlocking. NO KEY UPDATE
 * leaves foreign-key checks of new proposals free to proceed.
 */
export function lockItems(db: Executor, ids: string[], mode: 'no key update' | 'share') {
  return db.select().from(items).where(inArray(items.id, ids)).orderBy(asc(items.id)).for(mode);
}

/**
 * The member's listings that can still go (all but the swapped ones, which accepted proposals and
 * the ledger point at), locked for deletion in id order, the order lockItems keeps.
 */
export function lockRemovableOf(db: Executor, ownerId: string) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.ownerId, ownerId), ne(items.status, 'swapped')))
    .orderBy(asc(items.id))
    .for('update');
}

export async function deleteItems(db: Executor, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(items).where(inArray(items.id, ids));
}

export async function markSwapped(db: Executor, itemIds: string[]): Promise<void> {
  await db.update(items).set({ status: 'swapped', updatedAt: sql`now()` }).where(inArray(items.id, itemIds));
}

/** Only an item still swapped comes back: one withdrawn since stays withdrawn. */
export async function markAvailableAgain(db: Executor, itemIds: string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .update(items)
    .set({ status: 'available', updatedAt: sql`now()` })
    .where(and(inArray(items.id, itemIds), eq(items.status, 'swapped')));
}

export function itemsByIds(db: Executor, ids: string[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.select().from(items).where(inArray(items.id, ids));
}

/** A moderator hides a listing (a reason given) or restores it (null); returns the row as it now stands. */
export async function setHidden(db: Executor, id: string, reason: string | null): Promise<ItemRow | undefined> {
  const [row] = await db
    .update(items)
    .set(reason === null ? { hiddenAt: null, hiddenReason: null } : { hiddenAt: sql`now()`, hiddenReason: reason })
    .where(eq(items.id, id))
    .returning();
  return row;
}

/** Listings with location text and no place yet, in id order from `afterId` on (issue 17's one-off matching). */
export function unplacedPage(db: Executor, afterId: string | undefined, limit: number) {
  return db
    .select({ id: items.id, location: items.location })
    .from(items)
    .where(and(isNull(items.placeId), ne(items.location, ''), afterId === undefined ? undefined : gt(items.id, afterId)))
    .orderBy(asc(items.id))
    .limit(limit);
}

/** Only rows still without a place: an owner's own choice since is kept. */
export async function setPlace(db: Executor, ids: string[], placeId: number): Promise<void> {
  await db.update(items).set({ placeId }).where(and(inArray(items.id, ids), isNull(items.placeId)));
}
