import { TEXT, type ItemDetail, type MarketplacePage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fingerprint } from '../../test/fingerprint.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { createPlace, placeItem, placeMember, type PlaceRow, type RealPlaceName } from '../../test/places.ts';
import { registerWithRole } from '../../test/roles.ts';

let app: FastifyInstance;
let leedsMember: Member;
let owner: Member;
let placesByName: Map<RealPlaceName, PlaceRow>;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  leedsMember = await registerMember(app, { displayName: 'Lee Leeds' });
  owner = await registerMember(app, { displayName: 'Olive Owner' });
  placesByName = new Map();
  for (const name of ['Leeds', 'York', 'London', 'Bradford'] as const) placesByName.set(name, await createPlace(app, name));
  await placeMember(app, leedsMember.user.id, place('Leeds'));
});
afterEach(async () => {
  await app.close();
});

const place = (name: RealPlaceName) => placesByName.get(name)!;

/** A listing of the owner's in that town (or with no place), tagged so a test finds its own. */
async function listedIn(name: RealPlaceName | null, title: string, by: Member = owner): Promise<ItemDetail> {
  const item = await createItem(app, by, { title, location: name ?? 'Somewhere unmatched' });
  await placeItem(app, item.id, name ? place(name) : null);
  return item;
}

async function marketplace(member: Member, query: string): Promise<MarketplacePage> {
  const response = await send(app, 'GET', `/api/items?${query}`, { cookie: member.cookie });
  expect(response.statusCode, response.body).toBe(200);
  // Coordinates stay on the server, in whatever field they might hide.
  expect(response.body).not.toMatch(/latitude|longitude|53\.79|-1\.54/);
  return response.json();
}

const titles = (page: MarketplacePage) => page.items.map((item) => item.title);

/** Great-circle kilometres on earthdistance's sphere, rounded as the marketplace rounds them. */
function km(from: PlaceRow, to: PlaceRow): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const a =
    Math.sin(rad(to.latitude - from.latitude) / 2) ** 2 +
    Math.cos(rad(from.latitude)) * Math.cos(rad(to.latitude)) * Math.sin(rad(to.longitude - from.longitude) / 2) ** 2;
  return Math.round((2 * 6_378_168 * Math.asin(Math.sqrt(a))) / 1000);
}

describe('within a distance of a place', () => {
  it("finds York and not London within 50 km of a Leeds member's own place, with the distance and what was left out", async () => {
    await listedIn('York', 'York bike');
    await listedIn('London', 'London bike');
    await listedIn(null, 'Unplaced bike');

    const page = await marketplace(leedsMember, 'within=50&q=bike');

    expect(titles(page)).toEqual(['York bike']);
    expect(page.items[0]?.distanceKm).toBe(km(place('Leeds'), place('York')));
    expect(page.origin).toEqual({ id: place('Leeds').id, name: 'Leeds', region: 'England', country: 'GB' });
    expect(page.unplaced).toBe(1);
    expect(titles(await marketplace(leedsMember, 'within=100&q=bike'))).toEqual(['York bike']);
  });

  it('measures from the place asked for instead of the member’s own', async () => {
    await listedIn('York', 'York lamp');
    await listedIn('London', 'London lamp');

    const page = await marketplace(leedsMember, `within=10&near=${place('London').id}&q=lamp`);

    expect(titles(page)).toEqual(['London lamp']);
    expect(page.items[0]?.distanceKm).toBe(0);
    expect(page.origin?.name).toBe('London');
  });

  it('keeps newest first within the radius, and every other filter with it', async () => {
    const stranger = await registerMember(app, { displayName: 'Blocked Bob' });
    await send(app, 'POST', '/api/blocks', { cookie: leedsMember.cookie, body: { userId: stranger.user.id } });
    const moderator = await registerWithRole(app, 'moderator');
    const tag = 'kettle';
    await listedIn('York', `Old ${tag}`);
    await listedIn('Bradford', `New ${tag}`);
    await listedIn('York', `Blocked ${tag}`, stranger);
    const hidden = await listedIn('Leeds', `Hidden ${tag}`);
    await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: moderator.cookie, body: { reason: 'Not allowed' } });
    await createItem(app, owner, { title: `Service ${tag}`, category: 'Services' }).then((item) => placeItem(app, item.id, place('Leeds')));
    await createItem(app, owner, { title: `Dear ${tag}`, value: '400' }).then((item) => placeItem(app, item.id, place('Leeds')));

    const page = await marketplace(leedsMember, `within=50&q=${tag}&type=items&maxValue=100&sort=newest`);

    expect(titles(page)).toEqual([`New ${tag}`, `Old ${tag}`]);
  });

  it('shows distances from the member’s own place with no filter, and none when either side has no place', async () => {
    const york = await listedIn('York', 'York chair');
    await listedIn(null, 'Unplaced chair');
    const page = await marketplace(leedsMember, 'q=chair');

    expect(page.items.map((item) => [item.title, item.distanceKm])).toEqual([
      ['Unplaced chair', null],
      ['York chair', km(place('Leeds'), place('York'))],
    ]);
    expect(page.unplaced).toBeUndefined();
    expect(page.origin?.name).toBe('Leeds');

    const detail = await send(app, 'GET', `/api/items/${york.id}`, { cookie: leedsMember.cookie });
    expect(detail.json().item.distanceKm).toBe(km(place('Leeds'), place('York')));
    expect(detail.body).not.toMatch(/latitude|longitude/);
    const unplacedReader = await registerMember(app);
    expect((await send(app, 'GET', `/api/items/${york.id}`, { cookie: unplacedReader.cookie })).json().item.distanceKm).toBeNull();
    const theirs = await marketplace(unplacedReader, 'q=chair');
    expect(theirs.origin).toBeNull();
    expect(theirs.items.map((item) => item.distanceKm)).toEqual([null, null]);
  });
});

describe('nearest first', () => {
  it('orders by distance, leaving out listings without a place', async () => {
    await listedIn('London', 'London desk');
    await listedIn('York', 'York desk');
    await listedIn(null, 'Unplaced desk');
    await listedIn('Bradford', 'Bradford desk');
    await listedIn('Leeds', 'Leeds desk');

    const page = await marketplace(leedsMember, 'sort=nearest&q=desk');

    expect(titles(page)).toEqual(['Leeds desk', 'Bradford desk', 'York desk', 'London desk']);
    expect(page.items.map((item) => item.distanceKm)).toEqual([
      0,
      km(place('Leeds'), place('Bradford')),
      km(place('Leeds'), place('York')),
      km(place('Leeds'), place('London')),
    ]);
    expect(page.unplaced).toBe(1);
  });

  it('pages through equal distances without a duplicate or a gap', async () => {
    const made: ItemDetail[] = [];
    for (const [index, name] of (['York', 'Leeds', 'York', 'Bradford', 'Leeds', 'York', 'Bradford', 'Leeds', 'London'] as const).entries()) {
      made.push(await listedIn(name, `Tent ${index} in ${name}`));
    }
    const distanceOf = (item: ItemDetail) => km(place('Leeds'), place(item.location as RealPlaceName));
    // One town's listings share a distance: newest first among them, as the rest of the marketplace.
    const expected = [...made]
      .sort((a, b) => distanceOf(a) - distanceOf(b) || b.createdAt.localeCompare(a.createdAt))
      .map((item) => item.title);

    const seen: string[] = [];
    const unplacedCounts: (number | undefined)[] = [];
    let cursor: string | null = null;
    do {
      const page: MarketplacePage = await marketplace(leedsMember, `sort=nearest&q=tent&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...titles(page));
      unplacedCounts.push(page.unplaced);
      cursor = page.nextCursor;
    } while (cursor);

    expect(seen).toEqual(expected);
    // The count stands on the first page only: it is the same for every page.
    expect(unplacedCounts).toEqual([0, undefined, undefined, undefined, undefined]);
  });

  it('pages within a radius too, and a newest cursor is no nearest cursor', async () => {
    for (const name of ['York', 'Leeds', 'London', 'Bradford'] as const) await listedIn(name, `Rug in ${name}`);
    const first = await marketplace(leedsMember, 'sort=nearest&within=50&q=rug&limit=2');
    const second = await marketplace(leedsMember, `sort=nearest&within=50&q=rug&limit=2&cursor=${first.nextCursor}`);

    expect([...titles(first), ...titles(second)]).toEqual(['Rug in Leeds', 'Rug in Bradford', 'Rug in York']);
    expect(second.nextCursor).toBeNull();

    const newest = await marketplace(leedsMember, 'within=50&q=rug&limit=1');
    const mixed = await send(app, 'GET', `/api/items?sort=nearest&cursor=${newest.nextCursor}`, { cookie: leedsMember.cookie });
    expect(mixed.statusCode).toBe(400);
  });
});

describe('refusals', () => {
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const someId = '00000000-0000-4000-8000-000000000000';
  const at = '2026-11-22 01:14:13.123456+00';

  const refused: [query: string, message: string | undefined][] = [
    ['within=7', TEXT.distance.radiusInvalid],
    ['within=50.0', TEXT.distance.radiusInvalid],
    ['within=-50', TEXT.distance.radiusInvalid],
    ['within=fifty', TEXT.distance.radiusInvalid],
    ['sort=farthest', TEXT.distance.sortInvalid],
    ['near=abc', undefined],
    ['near=0', undefined],
    ['near=999999999', TEXT.places.unknown],
    ['near=99999999999999', TEXT.places.unknown],
    ['within=50&near=999999999', TEXT.places.unknown],
    ['sort=nearest&cursor=bm90LWpzb24', 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf([-1, at, someId])}`, 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf([1e308, at, someId])}`, 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf(['12', at, someId])}`, 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf([12, '2026-02-30 01:00:00+00', someId])}`, 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf([12, at, 'not-a-uuid'])}`, 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf([12, someId])}`, 'Invalid cursor'],
    [`sort=nearest&cursor=${cursorOf([12, at, someId, 3])}`, 'Invalid cursor'],
  ];

  it('refuses radii off the list, unknown places and bad cursors with 400, changing nothing', async () => {
    await listedIn('York', 'York vase');
    const before = await fingerprint(app);

    for (const [query, message] of refused) {
      const response = await send(app, 'GET', `/api/items?${query}`, { cookie: leedsMember.cookie });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      if (message) expect(response.json().error.message, query).toBe(message);
    }
    expect(await fingerprint(app.services.database.db)).toEqual(before);
  });

  it.each(['within=25', 'sort=nearest'])('refuses %s to a member with no place, naming what is missing', async (query) => {
    const placeless = await registerMember(app);
    const response = await send(app, 'GET', `/api/items?${query}`, { cookie: placeless.cookie });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(TEXT.distance.placeRequired);
    expect((await send(app, 'GET', `/api/items?${query}&near=${place('York').id}`, { cookie: placeless.cookie })).statusCode).toBe(200);
  });
});
