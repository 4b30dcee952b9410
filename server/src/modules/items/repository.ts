import type { ItemStatus, ItemType } from '@swapyard/contract';
import { and, asc, count, desc, eq, getTableColumns, gt, gte, ilike, inArray, isNull, lte, ne, not, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { after, type Cursor, type DistanceCursor } from '../../db/keyset.ts';
import { likeAnywhere } from '../../db/like-pattern.ts';
import { inForce, suspendedNow } from '../../db/suspended.ts';
import { itemImages, items, places, suspensions, users } from '../../db/schema/index.ts';

export type ItemRow = typeof items.$inferSelect;
export type PlaceRow = typeof places.$inferSelect;

/** Where a distance is measured from (issue 17): a town, whose coordinates go to SQL and nowhere else. */
export type Origin = Pick<PlaceRow, 'id' | 'name' | 'region' | 'country' | 'latitude' | 'longitude'>;

export type ItemImageRow = typeof itemImages.$inferSelect;

export interface ItemFilters {
  q?: string | undefined;
  category?: string | undefined;
  location?: string | undefined;
  minValue?: number | undefined;
  maxValue?: number | undefined;
  type: ItemType;
  /** Leaves out the reader's own listings: what is news to them. */
  othersOnly?: boolean | undefined;
  /** Listed in this span (after `from`, up to `until`): what is new since a member last looked. */
  listed?: { from: Date; until: Date } | undefined;
  /** Only listings whose place lies within this radius. */
  within?: Radius | undefined;
  /** Only listings with no place: what a distance filter leaves out. */
  unplaced?: boolean | undefined;
}

/**
 * The member reading a list, and what the modules owning the blocks and favourites tables give
 * for them: conditions and marks that go into the statement listing the rows (ItemsService builds it).
 */
export interface Reader {
  /** The member's id, or a placeholder for it in a prepared statement. */
  id: string | Placeholder;
  /** False for a row whose owner (`ownerId`, a column of the statement) the reader blocked. */
  notBlocked: (ownerId: SQLWrapper) => SQL;
  /** Whether the reader saved the listing in `itemId`. */
  saved: (itemId: SQLWrapper) => SQL<boolean>;
}

/** Until the favourites module gives its condition (app.ts): nothing is saved. */
export const savedByNobody = (): SQL<boolean> => sql<boolean>`false`;

/** Where distances are measured from: a town, or the reader's own place, read in the same statement. */
export type MeasuredFrom = Origin | 'own place';

const listingColumns = {
  ...getTableColumns(items),
  cursorAt: sql<string>`${items.createdAt}::text`.as('cursor_at'),
};

/**
 * One page of listings in order, limited: a plain newest-first index scan that stops at the limit.
 * Index columns are DESC NULLS FIRST, as ORDER BY ... DESC is, or no index matches.
 */
function page(db: Executor, where: (SQL | undefined)[], cursor: Cursor | undefined, limit: number | Placeholder) {
  return db
    .select(listingColumns)
    .from(items)
    .where(and(...where, after(items.createdAt, items.id, cursor)))
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(limit);
}

/** What the marketplace's first page also says, read in its statement (and apart only when the page is empty). */
interface PageExtras {
  /** The reader's own place, when distances are measured from it. */
  originId?: boolean;
  /** How many listings these filters match that have no place. */
  unplacedOf?: ItemFilters;
}

/**
 * How a page's distances are had: measured from a place, or already listed (nearest first, which
 * is also the page's order).
 */
type Distances = { from: MeasuredFrom | undefined } | { listed: SQL.Aliased<number> };

/**
 * The cards of a page of listings as the reader sees them, in the same statement as the page: each
 * listing's first image, whether the reader saved it, its distance. Only the page's rows are
 * joined: it is limited before.
 */
function cardsOf(
  db: Executor,
  reader: Reader,
  listed: SubqueryWithSelection<typeof listingColumns, 'listed'>,
  distances: Distances,
  extras: PageExtras = {},
) {
  const item = Object.fromEntries(Object.keys(getTableColumns(items)).map((name) => [name, listed[name as keyof ItemRow]])) as {
    [K in keyof ItemRow]: (typeof listed)[K];
  };
  const metres =
    'listed' in distances
      ? sql<number | null>`${distances.listed}`
      : distances.from
        ? sql<number | null>`(select ${metresBetween(distances.from, reader.id)} from ${places} where ${places.id} = ${listed.placeId})`
        : sql<number | null>`null`;
  return db
    .select({
      item,
      cursorAt: listed.cursorAt,
      image: itemImages,
      favourited: reader.saved(listed.id),
      metres: metres.mapWith((value: unknown) => (value === null ? null : Number(value))),
      originId: extras.originId ? sql<number | null>`(select ${users.placeId} from ${users} where ${users.id} = ${reader.id})` : sql<null>`null`,
      unplaced: extras.unplacedOf
        ? sql<number | null>`(select count(*)::int from ${items} where ${and(...marketplace(reader, { ...extras.unplacedOf, unplaced: true }))})`
        : sql<null>`null`,
    })
    .from(listed)
    .leftJoin(itemImages, and(eq(itemImages.itemId, listed.id), eq(itemImages.position, 0)))
    .orderBy(...('listed' in distances ? [asc(distances.listed)] : []), desc(listed.createdAt), desc(listed.id));
}

export type CardRow = Awaited<ReturnType<typeof listAvailable>>[number];

/** A suspended member's listings are seen by nobody else while the suspension lasts. */
function visibleTo(viewerId: string | Placeholder): SQL | undefined {
  return or(eq(items.ownerId, viewerId), not(suspendedNow(items.ownerId)));
}

/**
 * The marketplace: available items only, newest first, every filter in SQL (trigram indexes serve
 * the text), as cards, in one statement. Returns the query itself (awaitable), so a test can
 * EXPLAIN exactly what runs.
 */
export function listAvailable(
  db: Executor,
  reader: Reader,
  filters: ItemFilters,
  cursor: Cursor | undefined,
  limit: number | Placeholder,
  from?: MeasuredFrom,
  extras?: PageExtras,
) {
  return cardsOf(db, reader, page(db, marketplace(reader, filters), cursor, limit).as('listed'), { from }, extras);
}

/**
 * The marketplace's plainest page, the one most asked for (no filter, no cursor, distances from the
 * reader's own place), as a prepared statement: Drizzle builds its SQL once instead of on every
 * request, and PostgreSQL parses it once per connection. Named, so node-postgres prepares it once per
 * connection: a pooler in transaction mode must carry prepared statements (docs/operations.md).
 * Executed with `readerId` and `limit`.
 */
export function prepareFirstPage(db: Executor, readerOf: (id: Placeholder) => Reader) {
  return listAvailable(db, readerOf(sql.placeholder('readerId')), { type: 'all' }, undefined, sql.placeholder('limit'), 'own place', { originId: true }).prepare(
    'marketplace_first_page',
  );
}

/** How many listings the marketplace with these filters holds for the reader. */
export async function countAvailable(db: Executor, reader: Reader, filters: ItemFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items).where(and(...marketplace(reader, filters)));
  return row?.n ?? 0;
}

function marketplace(reader: Reader, filters: ItemFilters): (SQL | undefined)[] {
  const text = filters.q ? likeAnywhere(filters.q) : undefined;
  return [
    eq(items.status, 'available'),
    visibleTo(reader.id),
    isNull(items.hiddenAt),
    // The listings of members the reader blocked are not shown to them, wherever they look.
    reader.notBlocked(items.ownerId),
    text ? or(ilike(items.title, text), ilike(items.description, text)) : undefined,
    filters.category ? eq(items.category, filters.category) : undefined,
    filters.location ? ilike(items.location, likeAnywhere(filters.location)) : undefined,
    filters.minValue !== undefined ? gte(items.value, filters.minValue) : undefined,
    filters.maxValue !== undefined ? lte(items.value, filters.maxValue) : undefined,
    filters.type === 'services' ? eq(items.kind, 'service') : undefined,
    filters.type === 'items' ? eq(items.kind, 'item') : undefined,
    filters.othersOnly ? ne(items.ownerId, reader.id) : undefined,
    filters.listed ? and(gt(items.createdAt, filters.listed.from), lte(items.createdAt, filters.listed.until)) : undefined,
    filters.within ? inArray(items.placeId, placesWithin(filters.within, reader.id)) : undefined,
    filters.unplaced ? isNull(items.placeId) : undefined,
  ];
}

/**
 * A town's point on the sphere: given, or the reader's own place's, read by a subquery that
 * PostgreSQL runs once per statement (null when the reader has no place, which then matches nothing).
 */
function pointOf(from: MeasuredFrom, readerId: string | Placeholder): SQL {
  if (from !== 'own place') return sql`place_point(${from.latitude}::float8, ${from.longitude}::float8)`;
  return sql`(select place_point(${places.latitude}, ${places.longitude}) from ${users} join ${places} on ${places.id} = ${users.placeId} where ${users.id} = ${readerId})`;
}
const placePoint = sql`place_point(${places.latitude}, ${places.longitude})`;
const metresBetween = (from: MeasuredFrom, readerId: string | Placeholder) => sql<number>`earth_distance(${pointOf(from, readerId)}, ${placePoint})`;

/** "Within `metres` of `from`". */
export interface Radius {
  from: MeasuredFrom;
  metres: number;
}

/**
 * The places within the radius: the cube box around the origin is what the GiST index on
 * places answers; the box's corners reach further than the radius, so the exact distance follows.
 */
function placesInRadius({ from, metres }: Radius, readerId: string | Placeholder): SQL {
  return sql`earth_box(${pointOf(from, readerId)}, ${metres}::float8) @> ${placePoint} and ${metresBetween(from, readerId)} <= ${metres}::float8`;
}

function placesWithin(radius: Radius, readerId: string | Placeholder) {
  return sql`(select ${places.id} from ${places} where ${placesInRadius(radius, readerId)})`;
}

/**
 * The marketplace nearest first (issue 17): only listings with a place (within the radius when one
 * is given), by distance, and the listings of one town newest first, as cards. The places come
 * first, nearest first (the GiST index finds those in the radius), and each is asked for at most
 * `limit` of its listings from items_available_place_idx, already in newest order: a page reads a
 * few rows per place, however many listings the nearest town holds, where joining every listing and
 * sorting them read them all. The cursor's place resumes after the cursor; places nearer than it are skipped.
 */
export function listNearest(
  db: Executor,
  reader: Reader,
  filters: ItemFilters,
  from: MeasuredFrom,
  radiusMetres: number | undefined,
  cursor: DistanceCursor | undefined,
  limit: number,
  extras?: PageExtras,
) {
  const near = db
    .select({ placeId: places.id, metres: metresBetween(from, reader.id).as('metres') })
    .from(places)
    .where(radiusMetres === undefined ? undefined : placesInRadius({ from, metres: radiusMetres }, reader.id))
    .as('near');
  const listed = db
    .select(listingColumns)
    .from(items)
    .where(
      and(
        eq(items.placeId, near.placeId),
        ...marketplace(reader, filters),
        cursor ? or(sql`${near.metres} > ${cursor.metres}::float8`, after(items.createdAt, items.id, cursor)) : undefined,
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(limit)
    .as('listed_here');
  const columns = Object.fromEntries(Object.keys(listingColumns).map((name) => [name, listed[name as keyof typeof listingColumns]])) as unknown as typeof listingColumns;
  const nearest = db
    .select({ ...columns, metres: sql<number>`${near.metres}`.as('metres') })
    .from(near)
    .crossJoinLateral(listed)
    // No distance, no place to measure from: the reader has none.
    .where(and(sql`${near.metres} is not null`, cursor ? sql`${near.metres} >= ${cursor.metres}::float8` : undefined))
    .orderBy(asc(near.metres), desc(listed.createdAt), desc(listed.id))
    .limit(limit)
    .as('listed');
  return cardsOf(db, reader, nearest, { listed: nearest.metres }, extras);
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
  reader: Reader,
  ownerId: string,
  status: ItemStatus | undefined,
  cursor: Cursor | undefined,
  limit: number,
  withHidden = true,
) {
  const where = [eq(items.ownerId, ownerId), visibleTo(reader.id), status ? eq(items.status, status) : undefined, withHidden ? undefined : isNull(items.hiddenAt)];
  return cardsOf(db, reader, page(db, where, cursor, limit).as('listed'), { from: 'own place' });
}

/** The listing with its owner, whether the reader saved it and how far it is from their place. */
export async function findWithOwner(db: Executor, id: string, reader: Reader) {
  const [row] = await db
    .select({
      item: items,
      owner: { id: users.id, displayName: users.displayName, photoUrl: users.photoUrl, deletedAt: users.deletedAt },
      favourited: reader.saved(items.id),
      metres: sql<number | null>`(select ${metresBetween('own place', reader.id)} from ${places} where ${places.id} = ${items.placeId})`.mapWith(
        (value: unknown) => (value === null ? null : Number(value)),
      ),
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.ownerId))
    .where(and(eq(items.id, id), visibleTo(reader.id)));
  return row;
}

/**
 * The cards of the listings among these that the reader may see, by the item page's rule (a
 * suspended owner's never; a hidden one only with `withHidden`, or when it is the reader's own),
 * leaving out those of members the reader blocked.
 */
export function itemsSeenBy(db: Executor, reader: Reader, ids: string[], withHidden: boolean) {
  const seen = db
    .select(listingColumns)
    .from(items)
    .where(
      and(
        inArray(items.id, ids),
        visibleTo(reader.id),
        withHidden ? undefined : or(isNull(items.hiddenAt), eq(items.ownerId, reader.id)),
        reader.notBlocked(items.ownerId),
      ),
    )
    .as('listed');
  return cardsOf(db, reader, seen, { from: 'own place' });
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
