import { STARTING_POINTS } from '@swapyard/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/database.ts';
import { items } from '../../../server/src/db/schema/index.ts';
import { hashPassword } from '../../../server/src/modules/auth/passwords.ts';
import { insertRealPlaces, REAL_PLACES } from '../../../server/src/test/places.ts';
import type { StoredImage } from '../../../server/src/modules/uploads/service.ts';
import {
  CATEGORY_WORDS,
  CONDITIONS,
  FIRST_NAMES,
  HANDOVERS,
  LAST_NAMES,
  LOCATIONS,
  RARE_LISTINGS,
  RARE_WORD,
} from './vocabulary.ts';

/** Every generated member signs in with it, should anyone want to look around the data. */
export const BENCH_PASSWORD = 'bench password 1';
const SELLER_EMAIL_DOMAIN = 'seller.bench.example';
const LISTINGS_PER_SELLER = 50;

// Only the constant vocabulary above is inlined this way, never input.
const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: string[]) => `ARRAY[${values.map(text).join(',')}]::text[]`;

/**
 * A deterministic pseudo-random number in [0, 2^28) for row g and a salt: every run makes the same
 * data, and neither neighbouring rows nor the draws for different columns move together.
 */
const draw = (salt: number) => sql.raw(`(('x' || left(md5(g || ':${salt}'), 7))::bit(28)::int)`);

export interface Marketplace {
  listings: number;
  available: number;
  sellers: number;
}

/** Members who list things: each with the 100-point signup bonus in the ledger, as registration gives. */
async function insertSellers(db: Database, count: number, passwordHash: string): Promise<void> {
  await db.execute(sql`
    insert into users (email, password_hash, display_name, location, points, created_at)
    select 'member-' || g || ${`@${SELLER_EMAIL_DOMAIN}`},
      ${passwordHash},
      (${sql.raw(textArray(FIRST_NAMES))})[1 + ${draw(1)} % ${FIRST_NAMES.length}] || ' ' ||
        (${sql.raw(textArray(LAST_NAMES))})[1 + ${draw(2)} % ${LAST_NAMES.length}],
      (${sql.raw(textArray(LOCATIONS))})[1 + ${draw(3)} % ${LOCATIONS.length}],
      ${STARTING_POINTS},
      now() - interval '2 years' + g * interval '1 minute'
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`
    insert into point_entries (user_id, amount, balance_after, reason, created_at)
    select id, ${STARTING_POINTS}, ${STARTING_POINTS}, 'signup_bonus', created_at
    from users where email like ${`%@${SELLER_EMAIL_DOMAIN}`}`);
}

function categoriesTable(): SQL {
  let from = 0;
  const rows = CATEGORY_WORDS.map((words) => {
    const row = `(${text(words.category)}, ${textArray(words.adjectives)}, ${textArray(words.nouns)}, ${words.minValue}, ${words.maxValue}, ${from}, ${from + words.share})`;
    from += words.share;
    return row;
  });
  if (from !== 100) throw new Error(`category shares add up to ${from}, not 100`);
  return sql.raw(`(values ${rows.join(', ')}) as c(category, adjectives, nouns, min_value, max_value, share_from, share_to)`);
}

/**
 * Listings newest last in g, about five minutes apart (100,000 cover a year), mostly available, a few
 * swapped or withdrawn. A handful mention RARE_WORD. Every listing has a photo; a third have two.
 * Listings are spread evenly over real towns (issue 17), one in twenty with no place.
 */
async function insertListings(db: Database, count: number, photos: StoredImage[]): Promise<void> {
  const rareEvery = Math.max(1, Math.floor(count / RARE_LISTINGS));
  await db.execute(sql`
    insert into items (owner_id, title, description, category, value, location, status, created_at, updated_at, place_id)
    select sellers.ids[1 + ${draw(11)} % cardinality(sellers.ids)],
      c.adjectives[1 + ${draw(12)} % cardinality(c.adjectives)] || ' ' || c.nouns[1 + ${draw(13)} % cardinality(c.nouns)],
      (${sql.raw(textArray(CONDITIONS))})[1 + ${draw(14)} % ${CONDITIONS.length}] || ' ' ||
        (${sql.raw(textArray(HANDOVERS))})[1 + ${draw(15)} % ${HANDOVERS.length}] ||
        case when g % ${rareEvery} = 0 then ${` Comes with a little ${RARE_WORD} model.`} else '' end,
      c.category,
      c.min_value + ${draw(16)} % (c.max_value - c.min_value + 1),
      (${sql.raw(textArray(LOCATIONS))})[1 + ${draw(17)} % ${LOCATIONS.length}],
      case when ${draw(18)} % 100 < 88 then 'available' when ${draw(18)} % 100 < 97 then 'swapped' else 'withdrawn' end,
      now() - (${count} - g) * interval '5 minutes',
      now() - (${count} - g) * interval '5 minutes',
      case when ${draw(19)} % 20 = 0 then null else (${sql.raw(`ARRAY[${REAL_PLACES.map((place) => place.id).join(',')}]`)})[1 + ${draw(20)} % ${REAL_PLACES.length}] end
    from generate_series(1, ${count}) as g
    cross join (select array_agg(id order by id) as ids from users where email like ${`%@${SELLER_EMAIL_DOMAIN}`}) as sellers
    join ${categoriesTable()} on ${draw(10)} % 100 >= c.share_from and ${draw(10)} % 100 < c.share_to`);

  const photoRows = photos.map((photo, i) => `(${i}, ${text(photo.key)}, ${photo.width}, ${photo.height})`).join(', ');
  await db.execute(sql`
    insert into item_images (item_id, position, storage_key, width, height)
    select i.id, p.position, photo.key, photo.width, photo.height
    from (select id, row_number() over (order by id) as g from items) as i
    cross join lateral (select 0 as position union all select 1 where i.g % 3 = 0) as p
    join ${sql.raw(`(values ${photoRows}) as photo(n, key, width, height)`)}
      on photo.n = (i.g + p.position) % ${photos.length}`);
}

async function setTrigramFastUpdate(db: Database, value: 'on' | 'off'): Promise<void> {
  for (const index of ['items_title_trgm_idx', 'items_description_trgm_idx']) {
    await db.execute(sql.raw(`alter index ${index} set (fastupdate = ${value})`));
  }
}

/** The marketplace the benchmarks read: sellers and their listings, in a few statements. */
export async function generateMarketplace(db: Database, listings: number, photos: StoredImage[]): Promise<Marketplace> {
  const sellers = Math.max(1, Math.ceil(listings / LISTINGS_PER_SELLER));
  await insertSellers(db, sellers, await hashPassword(BENCH_PASSWORD));
  // Loaded as a bulk import should be: the trigram indexes (fastupdate off in the product, migration
  // 0004) collect the new rows in their pending lists, merged by the vacuum below in one pass, instead
  // of being updated row by row (about 42 s instead of 12 s for 100,000 listings on PostgreSQL).
  await setTrigramFastUpdate(db, 'on');
  await insertRealPlaces(db);
  await insertListings(db, listings, photos);
  // What autovacuum does after a bulk load on PostgreSQL (PGlite has no autovacuum): statistics for
  // the planner, and the trigram indexes' pending lists merged, which every search would otherwise scan.
  await db.execute(sql`vacuum analyze`);
  await setTrigramFastUpdate(db, 'off');
  const [row] = await db
    .select({ available: sql<number>`count(*) filter (where ${items.status} = 'available')::int`, total: sql<number>`count(*)::int` })
    .from(items);
  return { listings: row!.total, available: row!.available, sellers };
}

