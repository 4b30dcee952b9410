import { PLACE_SUGGESTIONS_MAX, TEXT, type CurrentUser, type ItemDetail, type PlaceSearchResponse, type PublicProfile } from '@swapyard/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { items, places, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem, imageFiles, itemInput, postItem, putItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { placeByText } from './backfill.ts';
import { foldName } from './gazetteer.ts';

const YORK = 2633352;
const LEEDS = 2644688;

let app: FastifyInstance;
let member: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  // The first account is the admin, who may not leave: registered apart.
  await registerMember(app, { displayName: 'Site Founder' });
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

  it('takes a bare name for the namesake the community already uses, else one in its country', async () => {
    const { places: service, database } = app.services;
    const [bostonMassachusetts, bostonEngland, yorkPennsylvania] = [4930956, 2655138, 4562407];
    expect((await service.useText(database.db, 'Boston'))?.id).toBe(bostonMassachusetts);
    await service.use(database.db, yorkPennsylvania);
    expect((await service.useText(database.db, 'york'))?.id).toBe(yorkPennsylvania);

    await database.db.delete(places);
    await service.use(database.db, LEEDS);
    expect((await service.useText(database.db, 'Boston'))).toMatchObject({ id: bostonEngland, region: 'England', country: 'GB' });
  });
});

describe('listings and profiles on places', () => {
  const yorkLabel = 'York, England, United Kingdom';
  const itemOf = async (id: string) => (await send(app, 'GET', `/api/items/${id}`, { cookie: member.cookie })).json<{ item: ItemDetail }>().item;
  const patchMe = (body: Record<string, unknown>) => send(app, 'PATCH', '/api/me', { cookie: member.cookie, body: { displayName: 'Pat', bio: '', ...body } });
  const me = async () => (await send(app, 'GET', '/api/me', { cookie: member.cookie })).json<{ user: CurrentUser }>().user;

  it('stores a chosen place as its label and id, and shows it on the item', async () => {
    const item = await createItem(app, member, { location: 'whatever the form typed', placeId: String(YORK) });
    expect(item.location).toBe(yorkLabel);
    expect(item.place).toEqual({ id: YORK, name: 'York', region: 'England', country: 'GB' });
    expect((await placeRows()).map((row) => row.id)).toEqual([YORK]);

    const moved = await putItem(app, member, item.id, { ...itemInput(), placeId: String(LEEDS) });
    expect(moved.json<{ item: ItemDetail }>().item).toMatchObject({ location: 'Leeds, England, United Kingdom', place: { id: LEEDS } });
  });

  it('matches the location text of a client that sends no place, and keeps unmatched text with no place', async () => {
    const york = await createItem(app, member, { location: 'york' });
    expect(york).toMatchObject({ location: 'york', place: { id: YORK } });
    const elsewhere = await createItem(app, member, { location: 'Behind the old mill' });
    expect(elsewhere).toMatchObject({ location: 'Behind the old mill', place: null });
    expect((await itemOf(elsewhere.id)).place).toBeNull();
  });

  it('refuses an unknown place with the places text, and lists nothing', async () => {
    const listed = await app.services.database.db.select({ n: count() }).from(items);
    for (const placeId of ['999999999', 'York', '-3']) {
      const response = await postItem(app, member, { ...itemInput(), placeId }, await imageFiles(1));
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(TEXT.places.unknown);
    }
    expect(await app.services.database.db.select({ n: count() }).from(items)).toEqual(listed);
    expect(await placeRows()).toEqual([]);
  });

  it('puts a member on a place, by choice or by their text, shows it on their profile, and takes it off', async () => {
    const chosen = await patchMe({ location: '', placeId: YORK });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json<{ user: CurrentUser }>().user).toMatchObject({ location: yorkLabel, place: { id: YORK } });
    const profile = (await send(app, 'GET', `/api/users/${member.user.id}`, { cookie: member.cookie })).json<{ profile: PublicProfile }>().profile;
    expect(profile.place).toEqual({ id: YORK, name: 'York', region: 'England', country: 'GB' });

    expect((await patchMe({ location: 'Leeds' })).json<{ user: CurrentUser }>().user).toMatchObject({ location: 'Leeds', place: { id: LEEDS } });
    expect((await patchMe({ location: 'Leeds', placeId: null })).json<{ user: CurrentUser }>().user).toMatchObject({ location: 'Leeds', place: null });

    const refused = await patchMe({ location: '', placeId: 999_999_999 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TEXT.places.unknown);
    expect(await me()).toMatchObject({ location: 'Leeds', place: null, displayName: 'Pat' });
  });

  it("forgets a deleted member's place", async () => {
    await patchMe({ location: '', placeId: YORK });
    expect((await send(app, 'POST', '/api/me/delete', { cookie: member.cookie, body: { password: member.password } })).statusCode).toBe(204);
    const [row] = await app.services.database.db.select({ location: users.location, placeId: users.placeId }).from(users).where(eq(users.id, member.user.id));
    expect(row).toEqual({ location: '', placeId: null });
  });
});

describe('matching what was written before places', () => {
  it('gives old listings and profiles the town their text names, once, and leaves the rest text only', async () => {
    const { database, items: itemsService, profiles, places: service } = app.services;
    const db = database.db;
    const york = await createItem(app, member, { location: 'York' });
    const mill = await createItem(app, member, { location: 'Behind the old mill' });
    const chosen = await createItem(app, member, { location: 'Leeds' });
    await send(app, 'PATCH', '/api/me', { cookie: member.cookie, body: { displayName: 'Pat', bio: '', location: 'Zürich' } });
    // As the rows were before places: text only.
    await db.update(items).set({ placeId: null });
    await db.update(users).set({ placeId: null });
    // The owner chose a place in between: kept.
    await db.update(items).set({ placeId: YORK }).where(eq(items.id, chosen.id));

    expect(await placeByText(db, service, itemsService.unplaced)).toBe(1);
    expect(await placeByText(db, service, profiles.unplaced)).toBe(1);

    const placeOf = async (id: string) => (await db.select({ placeId: items.placeId }).from(items).where(eq(items.id, id)))[0]?.placeId;
    expect([await placeOf(york.id), await placeOf(mill.id), await placeOf(chosen.id)]).toEqual([YORK, null, YORK]);
    const [me] = await db.select({ location: users.location, placeId: users.placeId }).from(users).where(eq(users.id, member.user.id));
    expect(me).toEqual({ location: 'Zürich', placeId: 2657896 });

    expect(await placeByText(db, service, itemsService.unplaced)).toBe(0);
    expect(await placeByText(db, service, profiles.unplaced)).toBe(0);
  });

});
