import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../db/database.ts';
import { items, places, users } from '../db/schema/index.ts';

export type PlaceRow = typeof places.$inferSelect;

/** Real towns (GeoNames ids and coordinates), so distances in tests and benchmarks are the ones members meet. */
export const REAL_PLACES = [
  { id: 2644688, name: 'Leeds', region: 'England', latitude: 53.79648, longitude: -1.54785, population: 455123 },
  { id: 2633352, name: 'York', region: 'England', latitude: 53.95763, longitude: -1.08271, population: 144202 },
  { id: 2643743, name: 'London', region: 'England', latitude: 51.50853, longitude: -0.12574, population: 8961989 },
  { id: 2654993, name: 'Bradford', region: 'England', latitude: 53.79391, longitude: -1.75206, population: 299310 },
  { id: 2634910, name: 'Wakefield', region: 'England', latitude: 53.68331, longitude: -1.49768, population: 76886 },
  { id: 2647428, name: 'Harrogate', region: 'England', latitude: 53.99078, longitude: -1.5373, population: 73576 },
  { id: 2646458, name: 'Huddersfield', region: 'England', latitude: 53.64904, longitude: -1.78416, population: 162949 },
  { id: 2647632, name: 'Halifax', region: 'England', latitude: 53.71667, longitude: -1.85, population: 83570 },
  { id: 2638077, name: 'Sheffield', region: 'England', latitude: 53.38297, longitude: -1.4659, population: 685368 },
  { id: 2651123, name: 'Doncaster', region: 'England', latitude: 53.52285, longitude: -1.13116, population: 109805 },
  { id: 2643123, name: 'Manchester', region: 'England', latitude: 53.48095, longitude: -2.23743, population: 395515 },
  { id: 2645425, name: 'Kingston upon Hull', region: 'England', latitude: 53.7446, longitude: -0.33525, population: 319183 },
  { id: 2644210, name: 'Liverpool', region: 'England', latitude: 53.41058, longitude: -2.97794, population: 864122 },
  { id: 2641673, name: 'Newcastle upon Tyne', region: 'England', latitude: 54.97328, longitude: -1.61396, population: 192382 },
  { id: 2641170, name: 'Nottingham', region: 'England', latitude: 52.9536, longitude: -1.15047, population: 246654 },
  { id: 2644668, name: 'Leicester', region: 'England', latitude: 52.6386, longitude: -1.13169, population: 508916 },
  { id: 2655603, name: 'Birmingham', region: 'England', latitude: 52.48142, longitude: -1.89983, population: 984333 },
  { id: 2654675, name: 'Bristol', region: 'England', latitude: 51.45523, longitude: -2.59665, population: 617280 },
  { id: 2653822, name: 'Cardiff', region: 'Wales', latitude: 51.48, longitude: -3.18, population: 447287 },
  { id: 2650225, name: 'Edinburgh', region: 'Scotland', latitude: 55.95206, longitude: -3.19648, population: 464990 },
  { id: 2648579, name: 'Glasgow', region: 'Scotland', latitude: 55.86515, longitude: -4.25763, population: 626410 },
  { id: 2640729, name: 'Oxford', region: 'England', latitude: 51.75222, longitude: -1.25596, population: 171380 },
  { id: 2653941, name: 'Cambridge', region: 'England', latitude: 52.2, longitude: 0.11667, population: 128488 },
  { id: 2641181, name: 'Norwich', region: 'England', latitude: 52.62783, longitude: 1.29834, population: 213166 },
  { id: 2654710, name: 'Brighton', region: 'England', latitude: 50.82838, longitude: -0.13947, population: 139001 },
  { id: 2637487, name: 'Southampton', region: 'England', latitude: 50.90395, longitude: -1.40428, population: 246201 },
  { id: 2640194, name: 'Plymouth', region: 'England', latitude: 50.37153, longitude: -4.14305, population: 260203 },
  { id: 2649808, name: 'Exeter', region: 'England', latitude: 50.7236, longitude: -3.52751, population: 113118 },
  { id: 2652221, name: 'Coventry', region: 'England', latitude: 52.40656, longitude: -1.51217, population: 325949 },
  { id: 2651347, name: 'Derby', region: 'England', latitude: 52.92277, longitude: -1.47663, population: 270468 },
  { id: 2636841, name: 'Stoke-on-Trent', region: 'England', latitude: 53.00415, longitude: -2.18538, population: 255833 },
  { id: 2639912, name: 'Preston', region: 'England', latitude: 53.76282, longitude: -2.70452, population: 313332 },
  { id: 2644972, name: 'Lancaster', region: 'England', latitude: 54.0465, longitude: -2.80074, population: 52234 },
  { id: 2653775, name: 'Carlisle', region: 'England', latitude: 54.8951, longitude: -2.9382, population: 75306 },
  { id: 2636531, name: 'Sunderland', region: 'England', latitude: 54.90465, longitude: -1.38222, population: 335415 },
  { id: 2642607, name: 'Middlesbrough', region: 'England', latitude: 54.57623, longitude: -1.23483, population: 174700 },
  { id: 2644487, name: 'Lincoln', region: 'England', latitude: 53.22683, longitude: -0.53792, population: 114879 },
  { id: 2638419, name: 'Scarborough', region: 'England', latitude: 54.28039, longitude: -0.40461, population: 61749 },
  { id: 2657832, name: 'Aberdeen', region: 'Scotland', latitude: 57.14369, longitude: -2.09814, population: 196670 },
  { id: 2650752, name: 'Dundee', region: 'Scotland', latitude: 56.46913, longitude: -2.97489, population: 147268 },
  { id: 2636432, name: 'Swansea', region: 'Wales', latitude: 51.62079, longitude: -3.94323, population: 179485 },
  { id: 2655984, name: 'Belfast', region: 'Northern Ireland', latitude: 54.59682, longitude: -5.92541, population: 274770 },
].map((place) => ({ ...place, country: 'GB' }));

export type RealPlaceName = (typeof REAL_PLACES)[number]['name'];

/** Writes every real place into `places` (as members picking them would), keeping rows already there. */
export async function insertRealPlaces(db: Executor): Promise<void> {
  await db.insert(places).values(REAL_PLACES).onConflictDoNothing();
}

/** A real town by name, as the gazetteer has it. */
export function realPlace(name: RealPlaceName): (typeof REAL_PLACES)[number] {
  const place = REAL_PLACES.find((candidate) => candidate.name === name);
  if (!place) throw new Error(`no real place named ${name}`);
  return place;
}

/** The place a member or listing is given, by name (a real town) with any column overridden. */
export async function createPlace(app: FastifyInstance, name: RealPlaceName, overrides: Partial<PlaceRow> = {}): Promise<PlaceRow> {
  const place = realPlace(name);
  const [row] = await app.services.database.db
    .insert(places)
    .values({ ...place, ...overrides })
    .onConflictDoUpdate({ target: places.id, set: { ...place, ...overrides } })
    .returning();
  return row!;
}

/** Sets a listing's place in the database, as a listing form's chosen place does. */
export async function placeItem(app: FastifyInstance, itemId: string, place: { id: number } | null): Promise<void> {
  await app.services.database.db.update(items).set({ placeId: place?.id ?? null }).where(eq(items.id, itemId));
}

/** Sets a member's own place in the database, as the profile form's chosen place does. */
export async function placeMember(app: FastifyInstance, userId: string, place: { id: number } | null): Promise<void> {
  await app.services.database.db.update(users).set({ placeId: place?.id ?? null }).where(eq(users.id, userId));
}
