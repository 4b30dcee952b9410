import { SAVED_SEARCHES_MAX, TEXT, type Notification, type SavedSearch, type SavedSearchCreateBody } from '@swapyard/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, jobs, notifications, savedSearchMatches, savedSearches } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem, type ItemInput } from '../../test/items.ts';
import { jobsFallDue } from '../../test/jobs.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, createProposal, errorOf } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';
import { createPlace } from '../../test/places.ts';

let app: FastifyInstance;
let moderator: Member;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  // The first account is the admin: registered apart, so the members below are plain members.
  await registerMember(app, { displayName: 'Site Founder' });
  moderator = await registerWithRole(app, 'moderator');
});
afterAll(async () => {
  await app.close();
});

const db = () => app.services.database.db;
const save = (member: Member, filters: SavedSearchCreateBody['filters'], name = `Search ${randomUUID()}`) =>
  send(app, 'POST', '/api/saved-searches', { cookie: member.cookie, body: { name, filters } });
async function saved(member: Member, filters: SavedSearchCreateBody['filters'], name?: string): Promise<SavedSearch> {
  const response = await save(member, filters, name);
  expect(response.statusCode).toBe(201);
  return response.json<{ savedSearch: SavedSearch }>().savedSearch;
}
const searchesOf = async (member: Member): Promise<SavedSearch[]> =>
  (await send(app, 'GET', '/api/saved-searches', { cookie: member.cookie })).json<{ savedSearches: SavedSearch[] }>().savedSearches;
const newMatchesOf = async (member: Member) => Object.fromEntries((await searchesOf(member)).map((search) => [search.name, search.newMatches]));
const alertsOf = async (member: Member): Promise<Notification[]> =>
  (await send(app, 'GET', '/api/notifications', { cookie: member.cookie }))
    .json<{ notifications: Notification[] }>()
    .notifications.filter((notice) => notice.type === 'saved_search');
const rowsOf = async (member: Member) =>
  (await db().select({ n: count() }).from(savedSearches).where(eq(savedSearches.ownerId, member.user.id)))[0]?.n;

/**
 * Lists an item as its owner would and lets its jobs run. With a place, the worker is held until the
 * listing has it: the listing form's place picker belongs to the places track.
 */
async function list(owner: Member, overrides: Partial<ItemInput> = {}, placeId?: number) {
  if (placeId === undefined) {
    const item = await createItem(app, owner, overrides);
    await app.services.jobs.runDue();
    return item;
  }
  await app.services.jobs.stop();
  let item;
  try {
    item = await createItem(app, owner, overrides);
    await db().update(items).set({ placeId }).where(eq(items.id, item.id));
  } finally {
    await app.services.jobs.start();
  }
  await app.services.jobs.runDue();
  return item;
}

/** The alert hour passes: the waiting alert jobs fall due now. */
async function anHourLater() {
  await jobsFallDue(app, 'saved-searches.alert');
  await app.services.jobs.runDue();
}

describe('matching a new listing', () => {
  it('matches on text, category, type and points, each way', async () => {
    const [searcher, owner] = [await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    await saved(searcher, { q: `bike ${tag}` }, 'text in title');
    await saved(searcher, { q: `tag-${tag}` }, 'text in description');
    await saved(searcher, { q: `piano ${tag}` }, 'other text');
    await saved(searcher, { q: tag, category: 'Sports' }, 'category');
    await saved(searcher, { q: tag, category: 'Books' }, 'other category');
    await saved(searcher, { q: tag, type: 'items' }, 'items');
    await saved(searcher, { q: tag, type: 'services' }, 'services');
    await saved(searcher, { q: tag, minValue: 20, maxValue: 40 }, 'points in range');
    await saved(searcher, { q: tag, minValue: 41 }, 'points above');
    await saved(searcher, { q: tag, maxValue: 29 }, 'points below');

    await list(owner, { title: `Kids BIKE ${tag}`, description: `Red, tag-${tag}`, category: 'Sports', value: '30' });

    expect(await newMatchesOf(searcher)).toEqual({
      'text in title': 1,
      'text in description': 1,
      'other text': 0,
      category: 1,
      'other category': 0,
      items: 1,
      services: 0,
      'points in range': 1,
      'points above': 0,
      'points below': 0,
    });
  });

  it('matches a radius around a place by distance, and leaves out listings with no place', async () => {
    const [searcher, owner] = [await registerMember(app), await registerMember(app)];
    const [leeds, york, london] = [await createPlace(app, 'Leeds'), await createPlace(app, 'York'), await createPlace(app, 'London')];
    const tag = randomUUID().slice(0, 8);
    await saved(searcher, { q: tag, near: leeds.id, within: 50 }, 'York is within 50');
    await saved(searcher, { q: tag, near: leeds.id, within: 25 }, 'York is not within 25');

    await list(owner, { title: `Lamp ${tag}` }, york.id);
    expect(await newMatchesOf(searcher)).toEqual({ 'York is within 50': 1, 'York is not within 25': 0 });
    await list(owner, { title: `Lamp ${tag}` }, london.id);
    await list(owner, { title: `Lamp ${tag}` });
    expect(await newMatchesOf(searcher)).toEqual({ 'York is within 50': 1, 'York is not within 25': 0 });
  });

  it("never matches the searcher's own listing, nor across a block either way", async () => {
    const [searcher, owner, blocker] = [await registerMember(app), await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    const search = await saved(searcher, { q: tag });
    expect((await send(app, 'POST', '/api/blocks', { cookie: searcher.cookie, body: { userId: owner.user.id } })).statusCode).toBe(200);
    expect((await send(app, 'POST', '/api/blocks', { cookie: blocker.cookie, body: { userId: searcher.user.id } })).statusCode).toBe(200);

    await list(searcher, { title: `Mine ${tag}` });
    await list(owner, { title: `Blocked by the searcher ${tag}` });
    await list(blocker, { title: `Blocked the searcher ${tag}` });

    expect((await searchesOf(searcher)).find((one) => one.id === search.id)?.newMatches).toBe(0);
    expect(await alertsOf(searcher)).toEqual([]);
  });

  it('never tells a suspended searcher, and a deleted account takes its searches with it', async () => {
    const [suspended, leaving, owner] = [await registerMember(app), await registerMember(app), await registerMember(app)];
    const admin = await registerWithRole(app, 'admin');
    const tag = randomUUID().slice(0, 8);
    await saved(suspended, { q: tag });
    await saved(leaving, { q: tag });
    const suspension = { duration: 'indefinite', reason: 'Checked' };
    expect((await send(app, 'POST', `/api/admin/members/${suspended.user.id}/suspension`, { cookie: admin.cookie, body: suspension })).statusCode).toBe(200);
    expect((await send(app, 'POST', '/api/me/delete', { cookie: leaving.cookie, body: { password: leaving.password } })).statusCode).toBe(204);
    expect(await rowsOf(leaving)).toBe(0);

    await list(owner, { title: `Lamp ${tag}` });

    const told = await db().select({ n: count() }).from(notifications).where(and(eq(notifications.type, 'saved_search'), eq(notifications.userId, suspended.user.id)));
    expect(told[0]?.n).toBe(0);
    const [search] = await db().select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.ownerId, suspended.user.id));
    expect(await db().select().from(savedSearchMatches).where(eq(savedSearchMatches.searchId, search!.id))).toEqual([]);
  });

  it('matches a listing that becomes available again: a moderator restores it, a swap is reversed', async () => {
    const [searcher, owner, other] = [await registerMember(app), await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    const hidden = await list(owner, { title: `Hidden ${tag}` });
    const lamp = await list(owner, { title: `Swapped ${tag}` });
    const kettle = await list(other, { title: `Kettle ${randomUUID()}` });
    const proposal = await createProposal(app, other, lamp.id, { pointsOffer: 5, offerItemId: kettle.id });
    expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(200);
    const reason = { reason: 'Checked' };
    expect((await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: moderator.cookie, body: reason })).statusCode).toBe(204);
    const search = await saved(searcher, { q: tag });

    expect((await send(app, 'POST', `/api/admin/items/${hidden.id}/restore`, { cookie: moderator.cookie, body: reason })).statusCode).toBe(204);
    await app.services.jobs.runDue();
    expect((await searchesOf(searcher))[0]).toMatchObject({ id: search.id, newMatches: 1 });

    expect((await send(app, 'POST', `/api/proposals/${proposal.id}/problems`, { cookie: other.cookie, body: { reason: 'no_show' } })).statusCode).toBe(201);
    const queue = (await send(app, 'GET', '/api/admin/swap-problems?limit=50', { cookie: moderator.cookie })).json<{
      problems: { id: string; proposal: { id: string } }[];
    }>();
    const problemId = queue.problems.find((problem) => problem.proposal.id === proposal.id)!.id;
    expect((await send(app, 'POST', `/api/admin/swap-problems/${problemId}/reverse`, { cookie: moderator.cookie, body: reason })).statusCode).toBe(200);
    await app.services.jobs.runDue();
    expect((await searchesOf(searcher))[0]).toMatchObject({ id: search.id, newMatches: 2 });
  });
});

describe('alerts', () => {
  it('tells at once, then gathers the hour into one notice, and tells at once again after a quiet hour', async () => {
    const [searcher, owner] = [await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    const search = await saved(searcher, { q: tag }, `kids bike ${tag}`);

    const first = await list(owner, { title: `Bike ${tag}` });
    const alerts = await alertsOf(searcher);
    expect(alerts).toMatchObject([
      { title: TEXT.savedSearches.alertTitle, description: TEXT.savedSearches.alert({ count: 1, name: search.name }), relatedId: search.id, itemId: first.id },
    ]);
    expect(alerts[0]!.description).toBe(`A new listing matches "kids bike ${tag}".`);

    for (let n = 0; n < 3; n++) await list(owner, { title: `Bike ${n} ${tag}` });
    expect(await alertsOf(searcher)).toHaveLength(1);

    await anHourLater();
    const grouped = await alertsOf(searcher);
    expect(grouped).toHaveLength(2);
    expect(grouped[0]).toMatchObject({ description: `3 new listings match "kids bike ${tag}".`, itemId: null });

    // A quiet hour: nothing to tell, and the next listing is told at once.
    await anHourLater();
    expect(await alertsOf(searcher)).toHaveLength(2);
    await list(owner, { title: `Bike again ${tag}` });
    expect((await alertsOf(searcher)).map((notice) => notice.description)).toEqual([
      `A new listing matches "kids bike ${tag}".`,
      `3 new listings match "kids bike ${tag}".`,
      `A new listing matches "kids bike ${tag}".`,
    ]);
  });

  it('never tells nor counts a listing whose owner the searcher blocked while its alert waited', async () => {
    const [searcher, owner] = [await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    const search = await saved(searcher, { q: tag });
    await list(owner, { title: `Bike ${tag}` });
    await list(owner, { title: `Bike two ${tag}` });
    expect((await alertsOf(searcher)).filter((notice) => notice.relatedId === search.id)).toHaveLength(1);

    expect((await send(app, 'POST', '/api/blocks', { cookie: searcher.cookie, body: { userId: owner.user.id } })).statusCode).toBe(200);
    await anHourLater();

    expect((await alertsOf(searcher)).filter((notice) => notice.relatedId === search.id)).toHaveLength(1);
    expect((await searchesOf(searcher)).find((one) => one.id === search.id)?.newMatches).toBe(0);
  });

  it('a match job run again (its worker died after the work) does not make its matches news twice', async () => {
    const [searcher, owner] = [await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    const search = await saved(searcher, { q: tag });
    await app.services.jobs.stop();
    let queued;
    try {
      await createItem(app, owner, { title: `Bike ${tag}` });
      [queued] = await db().select().from(jobs).where(eq(jobs.kind, 'saved-searches.match')).orderBy(sql`${jobs.createdAt} desc`).limit(1);
    } finally {
      await app.services.jobs.start();
    }
    await app.services.jobs.runDue();
    await anHourLater();

    await db().insert(jobs).values({ kind: queued!.kind, payload: queued!.payload, maxAttempts: queued!.maxAttempts });
    await app.services.jobs.runDue();
    await anHourLater();

    expect((await alertsOf(searcher)).filter((notice) => notice.relatedId === search.id)).toHaveLength(1);
  });

  it('counts new matches since the search was last opened, and only listings still available', async () => {
    const [searcher, owner, buyer] = [await registerMember(app), await registerMember(app), await registerMember(app)];
    const tag = randomUUID().slice(0, 8);
    const search = await saved(searcher, { q: tag });
    const lamp = await list(owner, { title: `Lamp ${tag}` });
    await list(owner, { title: `Chair ${tag}` });
    expect((await searchesOf(searcher))[0]!.newMatches).toBe(2);

    const proposal = await createProposal(app, buyer, lamp.id, { pointsOffer: 10 });
    expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(200);
    expect((await searchesOf(searcher))[0]!.newMatches).toBe(1);

    const opened = await send(app, 'POST', `/api/saved-searches/${search.id}/open`, { cookie: searcher.cookie });
    expect(opened.statusCode).toBe(200);
    expect(opened.json<{ savedSearch: SavedSearch }>().savedSearch).toMatchObject({ id: search.id, newMatches: 0, filters: { q: tag } });
    await list(owner, { title: `Table ${tag}` });
    expect((await searchesOf(searcher))[0]!.newMatches).toBe(1);
  });
});

describe('keeping searches', () => {
  it('saves the filters as given, renames and deletes', async () => {
    const member = await registerMember(app);
    const leeds = await createPlace(app, 'Leeds');
    const search = await saved(member, { q: ' kids bike ', category: 'Sports', type: 'items', minValue: '5', maxValue: 50, near: String(leeds.id), within: '25' }, 'Bikes');
    expect(search).toMatchObject({
      name: 'Bikes',
      filters: { q: 'kids bike', category: 'Sports', type: 'items', minValue: 5, maxValue: 50, near: leeds.id, within: 25 },
      place: { id: leeds.id, name: 'Leeds', region: 'England', country: 'GB' },
      newMatches: 0,
    });

    const renamed = await send(app, 'PATCH', `/api/saved-searches/${search.id}`, { cookie: member.cookie, body: { name: '  Kids bikes near Leeds ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<{ savedSearch: SavedSearch }>().savedSearch.name).toBe('Kids bikes near Leeds');
    expect((await searchesOf(member)).map((one) => one.name)).toEqual(['Kids bikes near Leeds']);

    expect((await send(app, 'DELETE', `/api/saved-searches/${search.id}`, { cookie: member.cookie })).statusCode).toBe(204);
    expect(await searchesOf(member)).toEqual([]);
  });

  it("takes 'within' alone as around the member's own place", async () => {
    const member = await registerMember(app);
    const york = await createPlace(app, 'York');
    await db().execute(sql`update users set place_id = ${york.id} where id = ${member.user.id}`);
    expect(await saved(member, { within: 10 })).toMatchObject({ filters: { near: york.id, within: 10 } });
  });

  it(`keeps at most ${String(SAVED_SEARCHES_MAX)} per member, and says so`, async () => {
    const member = await registerMember(app);
    await db()
      .insert(savedSearches)
      .values(Array.from({ length: SAVED_SEARCHES_MAX }, (_, n) => ({ ownerId: member.user.id, name: `Search ${String(n)}`, q: `word ${String(n)}` })));
    const refused = await save(member, { q: 'one more' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toBe(TEXT.savedSearches.limitReached);
    expect(await rowsOf(member)).toBe(SAVED_SEARCHES_MAX);
  });

  it("answers 404 to another member for every action on a search, and changes nothing", async () => {
    const [owner, other] = [await registerMember(app), await registerMember(app)];
    const search = await saved(owner, { q: 'lamp' }, 'Lamps');
    for (const [method, path, body] of [
      ['PATCH', `/api/saved-searches/${search.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/saved-searches/${search.id}`, undefined],
      ['POST', `/api/saved-searches/${search.id}/open`, undefined],
    ] as const) {
      const response = await send(app, method, path, { cookie: other.cookie, body });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toBe(TEXT.savedSearches.notFound);
    }
    expect(await searchesOf(other)).toEqual([]);
    expect(await searchesOf(owner)).toEqual([search]);
  });

  it('refuses bad input with 400 and its text, and saves nothing', async () => {
    const member = await registerMember(app);
    const cases: [unknown, string][] = [
      [{ name: '', filters: { q: 'lamp' } }, TEXT.savedSearches.nameRequired],
      [{ name: 'x'.repeat(81), filters: { q: 'lamp' } }, TEXT.savedSearches.nameRequired],
      [{ name: 'Nothing', filters: {} }, TEXT.savedSearches.noFilters],
      [{ name: 'Nowhere', filters: { near: 2_000_000_000, within: 10 } }, TEXT.places.unknown],
      [{ name: 'Past integers', filters: { near: 1e14, within: 10 } }, TEXT.places.unknown],
      [{ name: 'Within of nowhere', filters: { q: 'lamp', within: 10 } }, TEXT.distance.placeRequired],
      [{ name: 'Odd radius', filters: { near: 1, within: 7 } }, ''],
      [{ name: 'Odd category', filters: { category: 'Boats' } }, ''],
      [{ name: 'Negative', filters: { minValue: -1 } }, TEXT.items.valueInvalid],
      [{ name: 'Nul\u0000', filters: { q: 'lamp' } }, TEXT.errors.unstorableText],
    ];
    for (const [body, message] of cases) {
      const response = await send(app, 'POST', '/api/saved-searches', { cookie: member.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(errorOf(response)).toBe(message);
    }
    const search = await saved(member, { q: 'lamp' }, 'Lamps');
    for (const name of ['', 'x'.repeat(81), 42]) {
      expect((await send(app, 'PATCH', `/api/saved-searches/${search.id}`, { cookie: member.cookie, body: { name } })).statusCode).toBe(400);
    }
    expect((await send(app, 'PATCH', '/api/saved-searches/not-an-id', { cookie: member.cookie, body: { name: 'x' } })).statusCode).toBe(400);
    expect(await searchesOf(member)).toEqual([search]);
    expect(
      (await db().select({ n: count() }).from(savedSearches).where(and(eq(savedSearches.ownerId, member.user.id), eq(savedSearches.name, 'Lamps'))))[0]?.n,
    ).toBe(1);
  });
});
