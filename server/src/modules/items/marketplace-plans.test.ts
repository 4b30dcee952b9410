import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { insertRealPlaces, REAL_PLACES } from '../../test/places.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { notBlockedBy } from '../blocks/repository.ts';
import { savedBy } from '../favourites/repository.ts';
import { listAvailable, listByOwner, listNearest, type ItemFilters, type Reader } from './repository.ts';

const LISTINGS = 100_000;
let database: DatabaseHandle;
let ownerId: string;
const leeds = REAL_PLACES[0]!;
// Another member browsing: the plan includes the suspension check a viewer's own listings skip.
const viewerId = '00000000-0000-4000-8000-000000000000';
// Their blocks and saved listings as the blocks and favourites modules give them, in the same statement.
const reader: Reader = {
  id: viewerId,
  notBlocked: (owner) => notBlockedBy(viewerId, owner),
  saved: (item) => savedBy(viewerId, item),
};

/**
 * 100,000 listings made in SQL: titles from a small vocabulary, so some words are common and one is
 * rare; spread over real towns, one in twenty with no place.
 */
beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const [owner] = await db
    .insert(users)
    .values({ email: 'bulk@example.com', passwordHash: 'x', displayName: 'Bulk' })
    .returning({ id: users.id });
  ownerId = owner!.id;
  await insertRealPlaces(db);
  const placeIds = sql.raw(`array[${REAL_PLACES.map((place) => place.id).join(',')}]`);
  await db.execute(sql`
    insert into items (owner_id, title, description, category, value, location, status, created_at, place_id)
    select ${ownerId}::uuid,
      (array['Vintage','Compact','Wooden','Electric','Handmade','Retro'])[1 + g % 6] || ' ' ||
        (array['chair','lamp','bike','guitar','jacket','novel','tent','kettle'])[1 + (g / 6) % 8] ||
        case when g = 77777 then ' zeppelin' else '' end,
      'Well kept, collection only. Item number ' || g,
      (array['Electronics','Furniture','Clothing','Books','Sports','Services','Other'])[1 + g % 7],
      g % 500,
      (array['Leeds','York','Bristol','Cardiff','Glasgow'])[1 + g % 5],
      case when g % 10 = 0 then 'swapped' else 'available' end,
      now() - g * interval '1 minute',
      case when g % 20 = 3 then null else (${placeIds})[1 + (g * 7919) % ${REAL_PLACES.length}] end
    from generate_series(1, ${LISTINGS}) as g`);
  await db.execute(sql`analyze items`);
  await db.execute(sql`analyze places`);
}, 300_000);

afterAll(async () => {
  await database.close();
});

async function plan(query: { getSQL: () => ReturnType<typeof sql> }): Promise<string> {
  const result = await database.db.execute(sql`explain ${query}`);
  const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

const all: ItemFilters = { type: 'all' };
const PAGE_PER_PLACE = /Limit .*\n(\s*->\s+Nested Loop Anti Join.*\n)?\s*->\s+Index Scan using items_available_place_idx on items/;

describe(`marketplace query plans over ${LISTINGS.toLocaleString('en')} listings`, () => {
  it('reads the first page from the newest-available index, without sorting the table', async () => {
    const text = await plan(listAvailable(database.db, reader, all, undefined, 25));
    expect(text).toContain('items_available_newest_idx');
    expect(text).not.toMatch(/Seq Scan on items|Sort/);
  });

  it('finds a rare word through the trigram indexes', async () => {
    const text = await plan(listAvailable(database.db, reader, { ...all, q: 'zeppelin' }, undefined, 25));
    expect(text).toMatch(/items_(title|description)_trgm_idx/);
    expect(text).not.toMatch(/Seq Scan on items/);
    const rows = await listAvailable(database.db, reader, { ...all, q: 'ZEPPELIN' }, undefined, 25);
    expect(rows.map((row) => row.item.title)).toEqual([expect.stringMatching(/ zeppelin$/)]);
  });

  it('keeps the trigram indexes current without a pending list, since PGlite never vacuums', async () => {
    const result = await database.db.execute(sql`
      select relname as name, reloptions as options from pg_class
      where relname in ('items_title_trgm_idx', 'items_description_trgm_idx') order by relname`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'items_description_trgm_idx', options: ['fastupdate=off'] },
      { name: 'items_title_trgm_idx', options: ['fastupdate=off'] },
    ]);
  });

  it('filters a category while reading a newest-first index in order, with no sort', async () => {
    const text = await plan(listAvailable(database.db, reader, { ...all, category: 'Books' }, undefined, 25));
    expect(text).toMatch(/Index Scan using items_(category|available)_newest_idx/);
    expect(text).not.toMatch(/Seq Scan on items|Sort/);
  });

  it("lists a member's items from the owner index", async () => {
    const text = await plan(listByOwner(database.db, reader, ownerId, undefined, undefined, 25));
    expect(text).toContain('items_owner_newest_idx');
  });

  it('finds the places within a radius through the GiST index, and nearest first reads each one from the items place index', async () => {
    for (const radius of [50_000, undefined]) {
      const text = await plan(listNearest(database.db, reader, all, leeds, radius, undefined, 25));
      if (radius) expect(text).toContain('places_earth_idx');
      // At most a page per place, read in order: what is sorted is a few rows per place, never the listings of a town.
      // (The blocks the reader made are an anti-join on that scan.)
      expect(text).toMatch(PAGE_PER_PLACE);
      expect(text).not.toMatch(/Seq Scan on items/);
    }
    // Page two starts from the cursor in the same way.
    const rows = await listNearest(database.db, reader, all, leeds, 50_000, undefined, 25);
    const last = rows.at(-1)!;
    const next = await plan(listNearest(database.db, reader, all, leeds, 50_000, { metres: last.metres!, createdAt: last.cursorAt, id: last.item.id }, 25));
    expect(next).toMatch(PAGE_PER_PLACE);
  });

  it('keeps newest first within a radius on an index, with and without a word', async () => {
    for (const q of [undefined, 'vintage']) {
      const text = await plan(listAvailable(database.db, reader, { ...all, q, within: { from: leeds, metres: 25_000 } }, undefined, 25));
      expect(text).toContain('places_earth_idx');
      expect(text).not.toMatch(/Seq Scan on items/);
    }
  });
});
