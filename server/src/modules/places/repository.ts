import { count, desc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { places } from '../../db/schema/index.ts';
import type { GazetteerPlace } from './gazetteer.ts';

/**
 * The town's row, written the first time anyone uses it and rewritten only when a later gazetteer
 * changed it, so using a known place neither writes nor locks its row.
 */
export async function upsert(db: Executor, place: GazetteerPlace): Promise<void> {
  await db
    .insert(places)
    .values(place)
    .onConflictDoUpdate({
      target: places.id,
      set: {
        name: sql`excluded.name`,
        region: sql`excluded.region`,
        country: sql`excluded.country`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        population: sql`excluded.population`,
      },
      setWhere: sql`(${places.name}, ${places.region}, ${places.country}, ${places.latitude}, ${places.longitude}, ${places.population})
        IS DISTINCT FROM (excluded.name, excluded.region, excluded.country, excluded.latitude, excluded.longitude, excluded.population)`,
    });
}

/** Which of these towns this community already uses. */
export async function usedOf(db: Executor, ids: number[]): Promise<number[]> {
  const rows = await db.select({ id: places.id }).from(places).where(inArray(places.id, ids));
  return rows.map((row) => row.id);
}

/** The country most of the community's towns are in, if it uses any. */
export async function mostUsedCountry(db: Executor): Promise<string | undefined> {
  const [row] = await db.select({ country: places.country }).from(places).groupBy(places.country).orderBy(desc(count()), places.country).limit(1);
  return row?.country;
}
