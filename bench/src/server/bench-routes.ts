import { ITEM_TYPES, MARKETPLACE_PAGE_SIZE, type ItemType } from '@swapyard/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Database } from '../../../server/src/db/database.ts';
import { itemImages, items } from '../../../server/src/db/schema/index.ts';
import { REAL_PLACES } from '../../../server/src/test/places.ts';
import { presentCard } from '../../../server/src/modules/items/present-item.ts';
import { notBlockedBy } from '../../../server/src/modules/blocks/repository.ts';
import { savedBy } from '../../../server/src/modules/favourites/repository.ts';
import { listAvailable, listNearest, type ItemFilters, type Reader } from '../../../server/src/modules/items/repository.ts';

export const BARE_ITEMS_PATH = '/bench/bare/items';
export const DRIVER_ITEMS_PATH = '/bench/driver/items';
export const ALL_LISTINGS_PATH = '/bench/all-listings';
export const MEMORY_PATH = '/bench/memory';

export interface ServerMemory {
  rss: number;
  heapUsed: number;
}

type Query = Partial<Record<'q' | 'category' | 'location' | 'minValue' | 'maxValue' | 'type' | 'near' | 'within' | 'sort', string>>;

const numberOrUndefined = (raw: string | undefined) => (raw === undefined ? undefined : Number(raw));

/**
 * Benchmark-only routes, added by bench/src/server.ts and never by the product.
 *
 * BARE_ITEMS_PATH runs the very statement the marketplace route runs (the repository's own
 * function, with the blocks and favourites conditions, so they cannot drift) and sends the rows as
 * they come: no session, no validation, no presentation. It is the reference the real route is compared with.
 *
 * DRIVER_ITEMS_PATH (PostgreSQL only, the first page only) is what this machine can do for that page
 * (issue 19): its own `pg` pool, one named prepared statement, and the JSON built in SQL, so the
 * route sends the text PostgreSQL returns; no Drizzle, no session, no validation, no presentation.
 *
 * ALL_LISTINGS_PATH is what a design that filters in the browser would download: every available
 * listing, as the same cards the marketplace sends.
 *
 * MEMORY_PATH reads the process's memory, after a full garbage collection when the server was
 * started with --expose-gc, so that a difference between two readings is what is still held.
 */
const NO_VIEWER = '00000000-0000-4000-8000-000000000000';

// A viewer owning no listing: the suspension check runs for every row, as for any member.
const reader: Reader = {
  id: NO_VIEWER,
  notBlocked: (ownerId) => notBlockedBy(NO_VIEWER, ownerId),
  saved: (itemId) => savedBy(NO_VIEWER, itemId),
};

export function benchRoutes(db: Database, databaseUrl: string | undefined) {
  return async function (app: FastifyInstance): Promise<void> {
    if (databaseUrl) {
      // As many connections as the server's own pool.
      const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
      // An idle connection PostgreSQL dropped must not take the bench's server down with it.
      pool.on('error', (error) => app.log.warn({ err: error }, 'bench driver pool: a connection failed'));
      app.addHook('onClose', () => pool.end());
      app.get(DRIVER_ITEMS_PATH, async (_request, reply) => {
        const result = await pool.query<{ page: string }>({ name: 'bench-first-page', text: FIRST_PAGE_AS_JSON, values: [NO_VIEWER, MARKETPLACE_PAGE_SIZE] });
        return reply.type('application/json').send(result.rows[0]!.page);
      });
    }

    app.get<{ Querystring: Query }>(BARE_ITEMS_PATH, async (request) => {
      const query = request.query;
      const filters: ItemFilters = {
        q: query.q,
        category: query.category,
        location: query.location,
        minValue: numberOrUndefined(query.minValue),
        maxValue: numberOrUndefined(query.maxValue),
        type: ITEM_TYPES.includes(query.type as ItemType) ? (query.type as ItemType) : 'all',
      };
      // The route reads the town from the gazetteer in memory, with no statement: so does this.
      const origin = REAL_PLACES.find((place) => String(place.id) === query.near);
      if (origin) {
        // A distance search (issue 17): the same statement, with the count of listings without a place.
        const metres = query.within ? Number(query.within) * 1000 : undefined;
        const extras = { unplacedOf: filters };
        return query.sort === 'nearest'
          ? listNearest(db, reader, filters, origin, metres, undefined, MARKETPLACE_PAGE_SIZE + 1, extras)
          : listAvailable(db, reader, { ...filters, within: metres ? { from: origin, metres } : undefined }, undefined, MARKETPLACE_PAGE_SIZE + 1, origin, extras);
      }
      return listAvailable(db, reader, filters, undefined, MARKETPLACE_PAGE_SIZE + 1, 'own place', { originId: true });
    });

    app.get(MEMORY_PATH, async (): Promise<ServerMemory> => {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      return { rss, heapUsed };
    });

    app.get(ALL_LISTINGS_PATH, async () => {
      const rows = await db
        .select({ item: items, image: itemImages })
        .from(items)
        .leftJoin(itemImages, and(eq(itemImages.itemId, items.id), eq(itemImages.position, 0)))
        .where(eq(items.status, 'available'))
        .orderBy(desc(items.createdAt), desc(items.id));
      return { items: rows.map((row) => presentCard(row.item, row.image ?? undefined)) };
    });
  };
}

/**
 * The marketplace's first page for $1 ($2 listings and the next cursor) as the real route answers
 * it, built by PostgreSQL: the same rows (available, not hidden, no suspended owner but the reader,
 * no blocked owner), each with its place, first image and saved mark, newest first.
 */
const FIRST_PAGE_AS_JSON = `
with listed as (
  select i.*, row_number() over (order by i.created_at desc, i.id desc) as n
  from (
    select i.* from items i
    where i.status = 'available' and i.hidden_at is null
      and (i.owner_id = $1 or not exists (
        select 1 from suspensions s where s.user_id = i.owner_id and s.lifted_at is null and (s.ends_at is null or s.ends_at > now())))
      and not exists (select 1 from blocks b where b.blocker_id = $1 and b.blocked_id = i.owner_id)
    order by i.created_at desc, i.id desc
    limit $2 + 1
  ) i
)
select json_build_object(
  'items', coalesce(json_agg(json_build_object(
    'id', l.id, 'title', l.title, 'description', l.description, 'category', l.category, 'value', l.value,
    'location', l.location,
    'place', (select json_build_object('id', p.id, 'name', p.name, 'region', p.region, 'country', p.country) from places p where p.id = l.place_id),
    'status', l.status,
    'createdAt', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'ownerId', l.owner_id,
    'hiddenReason', null,
    'image', (select json_build_object(
        'url', '/api/images/' || im.storage_key || '.webp', 'thumbUrl', '/api/images/' || im.storage_key || '.thumb.webp',
        'width', im.width, 'height', im.height)
      from item_images im where im.item_id = l.id and im.position = 0),
    'favourited', exists (select 1 from favourites f where f.member_id = $1 and f.item_id = l.id),
    'distanceKm', null
  ) order by l.n) filter (where l.n <= $2), '[]'),
  'nextCursor', (
    select translate(rtrim(encode(convert_to(json_build_array(c.created_at::text, c.id)::text, 'UTF8'), 'base64'), '='), E'+/\n', '-_')
    from listed c where c.n = $2 and exists (select 1 from listed m where m.n > $2)),
  'origin', (
    select json_build_object('id', p.id, 'name', p.name, 'region', p.region, 'country', p.country)
    from users u join places p on p.id = u.place_id where u.id = $1)
)::text as page
from listed l`;
