import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { places } from '../../db/schema/index.ts';

export type PlaceRow = typeof places.$inferSelect;

/** Real towns, for distances that mean something: York is 34 km from Leeds, London 270 km. */
export const TOWNS = {
  leeds: { name: 'Leeds', region: 'England', country: 'GB', latitude: 53.79648, longitude: -1.54785, population: 455123 },
  york: { name: 'York', region: 'England', country: 'GB', latitude: 53.95763, longitude: -1.08271, population: 144202 },
  london: { name: 'London', region: 'England', country: 'GB', latitude: 51.50853, longitude: -0.12574, population: 7556900 },
} as const;

/** A gazetteer place as the places module copies one in, under an id of its own so tests never share a row. */
export async function createPlace(app: FastifyInstance, overrides: Partial<PlaceRow> = {}): Promise<PlaceRow> {
  const [row] = await app.services.database.db
    .insert(places)
    .values({ ...TOWNS.leeds, id: randomInt(1, 2 ** 31 - 1), ...overrides })
    .returning();
  return row!;
}
