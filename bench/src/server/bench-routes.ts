import { ITEM_TYPES, MARKETPLACE_PAGE_SIZE, type ItemType } from '@swapyard/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/src/db/database.ts';
import { itemImages, items } from '../../../server/src/db/schema/index.ts';
import { REAL_PLACES } from '../../../server/src/test/places.ts';
import { presentCard } from '../../../server/src/modules/items/present-item.ts';
import {
  countAvailable,
  distancesFrom,
  firstImagesOf,
  listAvailable,
  listNearest,
  type ItemFilters,
} from '../../../server/src/modules/items/repository.ts';

export const BARE_ITEMS_PATH = '/bench/bare/items';
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
 * BARE_ITEMS_PATH runs the very statements the marketplace route runs (the repository's own
 * functions, so they cannot drift) and sends the rows as they come: no session, no validation, no
 * presentation. It is the reference the real route is compared with.
 *
 * ALL_LISTINGS_PATH is what a design that filters in the browser would download: every available
 * listing, as the same cards the marketplace sends.
 *
 * MEMORY_PATH reads the process's memory, after a full garbage collection when the server was
 * started with --expose-gc, so that a difference between two readings is what is still held.
 */
const NO_VIEWER = '00000000-0000-4000-8000-000000000000';

export function benchRoutes(db: Database) {
  return async function (app: FastifyInstance): Promise<void> {
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
        // A distance search (issue 17): the same list, count of listings without a place and distances the route reads.
        const metres = query.within ? Number(query.within) * 1000 : undefined;
        const [rows, unplaced] = await Promise.all([
          query.sort === 'nearest'
            ? listNearest(db, NO_VIEWER, filters, origin, metres, undefined, MARKETPLACE_PAGE_SIZE + 1)
            : listAvailable(db, NO_VIEWER, { ...filters, within: metres ? { origin, metres } : undefined }, undefined, MARKETPLACE_PAGE_SIZE + 1),
          countAvailable(db, NO_VIEWER, { ...filters, unplaced: true }),
        ]);
        const shown = rows.slice(0, MARKETPLACE_PAGE_SIZE).map((row) => row.item);
        const [images, distances] = await Promise.all([
          firstImagesOf(db, shown.map((item) => item.id)),
          query.sort === 'nearest' ? undefined : distancesFrom(db, origin, [...new Set(shown.flatMap((item) => (item.placeId ? [item.placeId] : [])))]),
        ]);
        return { rows, unplaced, images, distances: distances ? Object.fromEntries(distances) : undefined };
      }
      // A viewer owning no listing: the suspension check runs for every row, as for any member.
      const rows = await listAvailable(db, NO_VIEWER, filters, undefined, MARKETPLACE_PAGE_SIZE + 1);
      const images = await firstImagesOf(db, rows.slice(0, MARKETPLACE_PAGE_SIZE).map((row) => row.item.id));
      return { rows, images };
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
