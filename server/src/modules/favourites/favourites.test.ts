import { TEXT, type FavouritePage, type ItemDetail, type ItemPage, type Notification } from '@swapyard/contract';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { favourites } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem, itemInput, putItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, createProposal } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';
import { openSocket } from '../../test/sockets.ts';

let app: FastifyInstance;
let founder: Member;
let saver: Member;
let owner: Member;

beforeEach(async () => {
  ({ app } = await buildTestApp());
  // The first account is the admin: registered apart, so the members below are plain members.
  founder = await registerMember(app, { displayName: 'Site Founder' });
  saver = await registerMember(app, { displayName: 'Sam Saver' });
  owner = await registerMember(app, { displayName: 'Olive Owner' });
});
afterEach(async () => {
  await app.close();
});

const save = (member: Member, itemId: string) => send(app, 'PUT', `/api/items/${itemId}/favourite`, { cookie: member.cookie });
const unsave = (member: Member, itemId: string) => send(app, 'DELETE', `/api/items/${itemId}/favourite`, { cookie: member.cookie });
const favouritesOf = async (member: Member, query = ''): Promise<FavouritePage> => {
  const response = await send(app, 'GET', `/api/favourites${query}`, { cookie: member.cookie });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const savedIds = async (member: Member) => (await favouritesOf(member)).items.map((item) => item.id);
const itemOf = async (member: Member, id: string) => (await send(app, 'GET', `/api/items/${id}`, { cookie: member.cookie })).json<{ item: ItemDetail }>().item;
const marketplaceOf = async (member: Member) => (await send(app, 'GET', '/api/items', { cookie: member.cookie })).json<ItemPage>().items;
const noticesOf = async (member: Member): Promise<Notification[]> =>
  (await send(app, 'GET', '/api/notifications', { cookie: member.cookie })).json<{ notifications: Notification[] }>().notifications;
const favouriteNotices = async (member: Member) => (await noticesOf(member)).filter((notice) => notice.type === 'favourite');
const rowCount = async () => (await app.services.database.db.select({ n: count() }).from(favourites))[0]?.n;

describe('saving and unsaving', () => {
  it('saves once however often it is asked, and unsaves the same way', async () => {
    const item = await createItem(app, owner);

    expect((await save(saver, item.id)).statusCode).toBe(204);
    expect((await save(saver, item.id)).statusCode).toBe(204);
    expect(await savedIds(saver)).toEqual([item.id]);
    expect(await rowCount()).toBe(1);

    expect((await unsave(saver, item.id)).statusCode).toBe(204);
    expect((await unsave(saver, item.id)).statusCode).toBe(204);
    expect(await savedIds(saver)).toEqual([]);
  });

  it('refuses the member their own listing with a clear text, and saves nothing', async () => {
    const item = await createItem(app, owner);

    const refused = await save(owner, item.id);

    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TEXT.favourites.ownItem);
    expect(await rowCount()).toBe(0);
  });

  it('answers 404, as the item page does, for a listing that is gone, hidden or a suspended member’s', async () => {
    const gone = await createItem(app, owner);
    expect((await send(app, 'DELETE', `/api/items/${gone.id}`, { cookie: owner.cookie })).statusCode).toBe(204);
    const hidden = await createItem(app, owner);
    const moderator = await registerWithRole(app, 'moderator');
    await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: moderator.cookie, body: { reason: 'Not allowed' } });
    const suspendedOwner = await registerMember(app);
    const suspendedItem = await createItem(app, suspendedOwner);
    const suspended = await send(app, 'POST', `/api/admin/members/${suspendedOwner.user.id}/suspension`, {
      cookie: founder.cookie,
      body: { duration: '7d', reason: 'Spam' },
    });
    expect(suspended.statusCode).toBe(200);

    for (const id of [gone.id, hidden.id, suspendedItem.id, randomUUID()]) {
      const refused = await save(saver, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(TEXT.items.notFoundTitle);
    }
    expect((await save(saver, 'not-a-uuid')).statusCode).toBe(400);
    expect(await rowCount()).toBe(0);
  });

  it('is 401 signed out', async () => {
    const item = await createItem(app, owner);
    expect((await send(app, 'PUT', `/api/items/${item.id}/favourite`)).statusCode).toBe(401);
    expect((await send(app, 'GET', '/api/favourites')).statusCode).toBe(401);
  });
});

describe('the favourited flag', () => {
  it('is on the marketplace card, the owner’s list and the item page for the member who saved it, and nobody else', async () => {
    const saved = await createItem(app, owner, { title: 'Saved lamp' });
    const other = await createItem(app, owner, { title: 'Other lamp' });
    await save(saver, saved.id);
    const flags = (items: { id: string; favourited: boolean }[]) =>
      Object.fromEntries(items.filter((item) => [saved.id, other.id].includes(item.id)).map((item) => [item.id, item.favourited]));

    expect(flags(await marketplaceOf(saver))).toEqual({ [saved.id]: true, [other.id]: false });
    const ownerList = (await send(app, 'GET', `/api/users/${owner.user.id}/items`, { cookie: saver.cookie })).json<ItemPage>().items;
    expect(flags(ownerList)).toEqual({ [saved.id]: true, [other.id]: false });
    expect((await itemOf(saver, saved.id)).favourited).toBe(true);
    expect((await itemOf(saver, other.id)).favourited).toBe(false);

    const stranger = await registerMember(app);
    expect(flags(await marketplaceOf(stranger))).toEqual({ [saved.id]: false, [other.id]: false });
    expect((await itemOf(stranger, saved.id)).favourited).toBe(false);
    expect((await itemOf(owner, saved.id)).favourited).toBe(false);
  });
});

describe('the Favourites list', () => {
  it('is newest saved first, paged with a cursor, and the member’s alone', async () => {
    const listed = [];
    for (let n = 0; n < 5; n += 1) listed.push(await createItem(app, owner, { title: `Book ${String(n)}` }));
    for (const item of listed) expect((await save(saver, item.id)).statusCode).toBe(204);
    const newestFirst = listed.map((item) => item.id).reverse();

    const first = await favouritesOf(saver, '?limit=2');
    const second = await favouritesOf(saver, `?limit=2&cursor=${first.nextCursor ?? ''}`);
    const third = await favouritesOf(saver, `?limit=2&cursor=${second.nextCursor ?? ''}`);

    expect([...first.items, ...second.items, ...third.items].map((item) => item.id)).toEqual(newestFirst);
    expect(third.nextCursor).toBeNull();
    expect(first.items[0]).toMatchObject({ title: 'Book 4', status: 'available', favourited: true, ownerId: owner.user.id });
    expect(first.items[0]?.image).not.toBeNull();
    // Another member, the owner included, reads their own favourites only.
    expect(await savedIds(owner)).toEqual([]);
    expect((await send(app, 'GET', '/api/favourites?cursor=bad', { cookie: saver.cookie })).statusCode).toBe(400);
  });

  it('keeps a swapped listing, marked so, and leaves out what the member may no longer see', async () => {
    const swapped = await createItem(app, owner, { title: 'Swapped chair' });
    const hidden = await createItem(app, owner, { title: 'Hidden chair' });
    const blockedOwner = await registerMember(app);
    const blockedItem = await createItem(app, blockedOwner, { title: 'Blocked chair' });
    const kept = await createItem(app, owner, { title: 'Kept chair' });
    for (const item of [swapped, hidden, blockedItem, kept]) expect((await save(saver, item.id)).statusCode).toBe(204);

    const taker = await registerMember(app);
    const proposal = await createProposal(app, taker, swapped.id);
    expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(200);
    const moderator = await registerWithRole(app, 'moderator');
    await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: moderator.cookie, body: { reason: 'Not allowed' } });
    await send(app, 'POST', '/api/blocks', { cookie: saver.cookie, body: { userId: blockedOwner.user.id } });

    // A page of one is still full: rows the member cannot see are read past, not shown as gaps.
    const first = await favouritesOf(saver, '?limit=1');
    const second = await favouritesOf(saver, `?limit=1&cursor=${first.nextCursor ?? ''}`);
    expect(first.items.map((item) => item.title)).toEqual(['Kept chair']);
    expect(second.items.map((item) => [item.title, item.status])).toEqual([['Swapped chair', 'swapped']]);
    expect(second.nextCursor).toBeNull();
  });
});

describe('telling savers', () => {
  it('tells each saver, live, when the points value changes, and not the owner who changed it', async () => {
    const item = await createItem(app, owner, { title: 'Camping stove', value: '30' });
    await save(saver, item.id);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const saverTab = await openSocket(app, { cookie: saver.cookie });
    const ownerTab = await openSocket(app, { cookie: owner.cookie });

    expect((await putItem(app, owner, item.id, { ...itemInput({ title: 'Camping stove' }), value: '45' })).statusCode).toBe(200);

    await expect.poll(() => saverTab.events.filter((event) => event.type === 'notifications.created').length).toBe(1);
    expect(saverTab.events.find((event) => event.type === 'notifications.created')?.data).toMatchObject({
      type: 'favourite',
      title: TEXT.favourites.valueChangedTitle,
      relatedId: item.id,
    });
    expect(await favouriteNotices(saver)).toEqual([
      expect.objectContaining({ description: TEXT.favourites.valueChanged({ item: 'Camping stove', before: 30, after: 45 }), itemId: item.id, relatedId: item.id }),
    ]);
    expect(await favouriteNotices(owner)).toEqual([]);
    expect(ownerTab.events.filter((event) => event.type === 'notifications.created')).toEqual([]);
    saverTab.socket.close();
    ownerTab.socket.close();
  });

  it('says nothing when the edit leaves the value as it was', async () => {
    const item = await createItem(app, owner, { title: 'Camping stove', value: '30' });
    await save(saver, item.id);

    expect((await putItem(app, owner, item.id, itemInput({ title: 'Camping stove, two rings', value: '30' }))).statusCode).toBe(200);

    expect(await favouriteNotices(saver)).toEqual([]);
  });

  it('tells savers when the listing is swapped, but neither side of the swap', async () => {
    const item = await createItem(app, owner, { title: 'Kayak' });
    const taker = await registerMember(app);
    await save(saver, item.id);
    await save(taker, item.id);
    const proposal = await createProposal(app, taker, item.id);

    expect((await answer(app, owner, proposal.id, 'accept')).statusCode).toBe(200);

    expect(await favouriteNotices(saver)).toEqual([
      expect.objectContaining({ title: TEXT.favourites.swappedTitle, description: TEXT.favourites.swapped({ item: 'Kayak' }), relatedId: item.id }),
    ]);
    expect(await favouriteNotices(taker)).toEqual([]);
    expect(await favouriteNotices(owner)).toEqual([]);
  });

  it('tells savers when the owner removes the listing, which leaves their favourites with it', async () => {
    const item = await createItem(app, owner, { title: 'Easel' });
    await save(saver, item.id);

    expect((await send(app, 'DELETE', `/api/items/${item.id}`, { cookie: owner.cookie })).statusCode).toBe(204);

    expect(await favouriteNotices(saver)).toEqual([
      expect.objectContaining({ title: TEXT.favourites.removedTitle, description: TEXT.favourites.removed({ owner: 'Olive Owner', item: 'Easel' }), relatedId: null }),
    ]);
    expect(await savedIds(saver)).toEqual([]);
    expect(await rowCount()).toBe(0);
  });

  it('tells savers when the owner leaves with their listings, and a member who leaves takes their favourites along', async () => {
    const item = await createItem(app, owner, { title: 'Tandem' });
    const other = await createItem(app, founder, { title: 'Telescope' });
    await save(saver, item.id);
    await save(saver, other.id);

    expect((await send(app, 'POST', '/api/me/delete', { cookie: owner.cookie, body: { password: owner.password } })).statusCode).toBe(204);
    expect(await favouriteNotices(saver)).toEqual([
      expect.objectContaining({ title: TEXT.favourites.removedTitle, description: TEXT.favourites.removed({ owner: TEXT.account.formerMember, item: 'Tandem' }) }),
    ]);

    expect((await send(app, 'POST', '/api/me/delete', { cookie: saver.cookie, body: { password: saver.password } })).statusCode).toBe(204);
    expect(await rowCount()).toBe(0);
  });
});
