import { DISTANCE_RADII_KM, ITEM_TYPES } from '@swapyard/contract';
import type { Executor } from '../../../server/src/db/database.ts';
import { items, places, savedSearches, users } from '../../../server/src/db/schema/index.ts';
import { matchListing } from '../../../server/src/modules/saved-searches/repository.ts';
import { openOwnDatabase } from '../data/own-database.ts';
import { CATEGORY_WORDS } from '../data/vocabulary.ts';
import { formatNumber, ms, passIf, type Result } from '../lib/report.ts';
import { distribution } from '../lib/stats.ts';

const SEARCHES = 10_000;
const SEARCHERS = 2_000;
const PLACES = 400;
const LISTINGS = 300;
const WARMUP = 30;
const P99_BUDGET_MS = 50;
const DATABASE = 'swapyard_bench_saved_searches';

/** The same random numbers every run, so the two engines match the same searches. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function generate(db: Executor): Promise<string[]> {
  const random = seeded(17);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  // Towns over Great Britain, so radii of 5 to 100 km take in a few to many of them.
  const placeRows = Array.from({ length: PLACES }, (_, n) => ({
    id: 1_000_000 + n,
    name: `Town ${String(n)}`,
    region: 'England',
    country: 'GB',
    latitude: 50.2 + random() * 8,
    longitude: -5.5 + random() * 7,
    population: Math.floor(random() * 500_000),
  }));
  await db.insert(places).values(placeRows);
  const members = await db
    .insert(users)
    .values(Array.from({ length: SEARCHERS + 1 }, (_, n) => ({ email: `searcher-${String(n)}@bench.example`, passwordHash: 'x', displayName: `Searcher ${String(n)}` })))
    .returning({ id: users.id });
  const lister = members.pop()!;
  const words = CATEGORY_WORDS.flatMap((category) => category.nouns.map((noun) => ({ noun, category })));
  // Searches as members make them: most by the thing's name, the rest by category alone; half near a
  // town, some narrowed by category, type or points.
  for (let offset = 0; offset < SEARCHES; offset += 1_000) {
    await db.insert(savedSearches).values(
      Array.from({ length: 1_000 }, (_, n) => {
        const word = pick(words);
        const near = random() < 0.5 ? pick(placeRows).id : null;
        const min = random() < 0.3 ? Math.floor(random() * 50) : null;
        const byName = random() < 0.85;
        return {
          ownerId: members[(offset + n) % SEARCHERS]!.id,
          name: `Search ${String(offset + n)}`,
          q: byName ? word.noun : null,
          category: !byName || random() < 0.3 ? word.category.category : null,
          type: random() < 0.2 ? pick(ITEM_TYPES) : 'all',
          minValue: min,
          maxValue: min !== null && random() < 0.5 ? min + 100 : null,
          nearPlaceId: near,
          withinKm: near === null ? null : pick(DISTANCE_RADII_KM),
        };
      }),
    );
  }
  const listed = await db
    .insert(items)
    .values(
      Array.from({ length: LISTINGS + WARMUP }, () => {
        const category = pick(CATEGORY_WORDS);
        return {
          ownerId: lister.id,
          title: `${pick(category.adjectives)} ${pick(category.nouns)}`,
          description: 'Collection only.',
          category: category.category,
          value: category.minValue + Math.floor(random() * (category.maxValue - category.minValue)),
          location: 'Somewhere',
          placeId: pick(placeRows).id,
        };
      }),
    )
    .returning({ id: items.id });
  await db.execute('ANALYZE');
  return listed.map((item) => item.id);
}

class RolledBack extends Error {}

/**
 * A new listing matched against 10,000 saved searches: the matching job's one statement, timed
 * alone, for each of 300 listings, each in a transaction rolled back so every listing meets the
 * same searches. Each engine gets a database of its own: the statement reads searches, places,
 * blocks and suspensions, not the marketplace's listings.
 */
export async function measureSavedSearchMatching(where: string, options: { adminUrl?: string; log: (line: string) => void }): Promise<Result> {
  const { database, remove } = await openOwnDatabase(DATABASE, options.adminUrl);
  try {
    options.log(`${where}: ${SEARCHES.toLocaleString('en')} saved searches`);
    const listings = await generate(database.db);
    const times: number[] = [];
    let matched = 0;
    for (const [n, itemId] of listings.entries()) {
      try {
        await database.db.transaction(async (tx) => {
          const started = performance.now();
          const result = await matchListing(tx, itemId, new Date());
          const elapsed = performance.now() - started;
          if (n >= WARMUP) {
            times.push(elapsed);
            matched += (result as unknown as { rows: unknown[] }).rows.length;
          }
          throw new RolledBack();
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
    }
    const d = distribution(times);
    const budgeted = where === 'PostgreSQL';
    return {
      where,
      measure: `saved-search matching: a new listing against ${SEARCHES.toLocaleString('en')} searches (one statement)`,
      measured: `p50 ${ms(d.p50)}, p99 ${ms(d.p99)}, max ${ms(d.max)}`,
      reference: `${formatNumber(matched / times.length, 1)} searches matched per listing, ${String(times.length)} listings`,
      ratio: '-',
      budget: budgeted ? `p99 < ${String(P99_BUDGET_MS)} ms` : 'reported',
      verdict: budgeted ? passIf(d.p99 < P99_BUDGET_MS) : 'INFO',
      figures: { p50Ms: d.p50, p99Ms: d.p99, maxMs: d.max, matchedPerListing: matched / times.length },
    };
  } finally {
    await database.close();
    await remove();
  }
}
