import { PLACE_SUGGESTIONS_MAX, TEXT, type PlaceSearchResponse } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { places } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { foldName } from './gazetteer.ts';

const YORK = 2633352;
const LEEDS = 2644688;

let app: FastifyInstance;
let member: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  member = await registerMember(app);
});
afterEach(async () => {
  await app.close();
});

const search = (q: string) => send(app, 'GET', `/api/places?q=${encodeURIComponent(q)}`, { cookie: member.cookie });
const suggestions = async (q: string) => {
  const response = await search(q);
  expect(response.statusCode).toBe(200);
  return response.json<PlaceSearchResponse>().places;
};
const placeRows = () => app.services.database.db.select().from(places);

describe('GET /api/places', () => {
  it('finds towns by the start of their name, accents and case ignored, with region and country', async () => {
    expect((await suggestions('sao paulo'))[0]).toEqual({ id: 3448439, name: 'São Paulo', region: 'São Paulo', country: 'BR' });
    expect((await suggestions('ZÜR'))[0]?.name).toBe('Zürich');
    expect((await suggestions('lodz'))[0]?.name).toBe('Łódź');
    expect((await suggestions('stoke on t'))[0]).toEqual({ id: 2636841, name: 'Stoke-on-Trent', region: 'England', country: 'GB' });
  });

  it('puts the most populous first and offers at most PLACE_SUGGESTIONS_MAX', async () => {
    const found = await suggestions('york');
    expect(found[0]).toEqual({ id: YORK, name: 'York', region: 'England', country: 'GB' });
    expect(found.map((place) => place.name)).toContain('Yorkton');
    expect(found.map((place) => place.name).every((name) => foldName(name).startsWith('york'))).toBe(true);

    const many = await suggestions('s');
    expect(many).toHaveLength(PLACE_SUGGESTIONS_MAX);
    expect(many[0]?.name).toBe('Shanghai');
  });

  it('answers an empty or unmatched question with no places', async () => {
    expect(await suggestions('')).toEqual([]);
    expect(await suggestions('   ')).toEqual([]);
    expect(await suggestions('qqqzzz')).toEqual([]);
    expect((await send(app, 'GET', '/api/places', { cookie: member.cookie })).json()).toEqual({ places: [] });
  });

  it('refuses a NUL character and an over-long question with 400, and reads nothing into the places table', async () => {
    for (const response of [await search('Le\u0000eds'), await search('l'.repeat(101))]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect(await placeRows()).toEqual([]);
  });

  it('is for signed-in members only', async () => {
    expect((await send(app, 'GET', '/api/places?q=leeds')).statusCode).toBe(401);
  });
});

describe('PlacesService', () => {
  it('use copies the town into the places table once, and returns its summary', async () => {
    const { places: service, database } = app.services;
    expect(await service.use(database.db, LEEDS)).toEqual({ id: LEEDS, name: 'Leeds', region: 'England', country: 'GB' });
    await service.use(database.db, LEEDS);
    const rows = await placeRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: LEEDS, name: 'Leeds', region: 'England', country: 'GB', population: 455123 });
    expect(rows[0]?.latitude).toBeCloseTo(53.79648, 4);
  });

  it('use refreshes a row the gazetteer has changed since', async () => {
    const { places: service, database } = app.services;
    await service.use(database.db, YORK);
    await database.db.update(places).set({ name: 'Eboracum', population: 1 }).where(eq(places.id, YORK));
    await service.use(database.db, YORK);
    expect((await placeRows())[0]).toMatchObject({ name: 'York', population: 153717 });
  });

  it('use refuses an unknown id with the places text, and writes nothing', async () => {
    const { places: service, database } = app.services;
    await expect(service.use(database.db, 999_999_999)).rejects.toMatchObject({ statusCode: 400, message: TEXT.places.unknown });
    expect(await placeRows()).toEqual([]);
  });

  it('labels a place with its region and country, saying a region named as its town once', () => {
    const { places: service } = app.services;
    expect(service.label({ id: LEEDS, name: 'Leeds', region: 'England', country: 'GB' })).toBe('Leeds, England, United Kingdom');
    expect(service.label({ id: 1, name: 'Berlin', region: 'Berlin', country: 'DE' })).toBe('Berlin, Germany');
    expect(service.label({ id: 2, name: 'Nowhere', region: '', country: 'FR' })).toBe('Nowhere, France');
  });

  it('matches a typed location to the most populous town of that name, or the town a label names', async () => {
    const { places: service, database } = app.services;
    expect((await service.useText(database.db, ' leeds '))?.id).toBe(LEEDS);
    expect((await service.useText(database.db, 'York, Pennsylvania, United States'))?.id).toBe(4562407);
    expect((await service.useText(database.db, 'york, england, united kingdom'))?.id).toBe(YORK);
    expect(await service.useText(database.db, 'Leeds city centre')).toBeNull();
    expect(await service.useText(database.db, 'York, Narnia')).toBeNull();
    expect((await placeRows()).map((row) => row.id).sort()).toEqual([LEEDS, YORK, 4562407].sort());
  });
});
