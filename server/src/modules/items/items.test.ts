import { TEXT, type ItemDetail, type ItemPage } from '@swapyard/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { itemImages, items } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem, imageFiles, itemInput, postItem, putItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';

let app: FastifyInstance;
let uploadsDir: string;
let owner: Member;

beforeEach(async () => {
  ({ app, uploadsDir } = await buildTestApp());
  owner = await registerMember(app, { displayName: 'Olive Owner' });
});
afterEach(async () => {
  await app.close();
});

const db = () => app.services.database.db;
const itemCount = async () => (await db().select({ n: count() }).from(items))[0]?.n;
const storedFiles = () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir, { recursive: true }).filter((f) => String(f).endsWith('.webp')) : []);

describe('add item', () => {
  it('lists the item as available with its images re-encoded as WebP', async () => {
    const response = await postItem(app, owner, itemInput({ title: '  Road bike  ', value: '75' }), await imageFiles(2));

    expect(response.statusCode).toBe(201);
    const item: ItemDetail = response.json().item;
    expect(item).toMatchObject({ title: 'Road bike', value: 75, status: 'available', category: 'Furniture', location: 'Bristol' });
    expect(item.owner).toEqual({ id: owner.user.id, displayName: 'Olive Owner', photoUrl: null, former: false });
    expect(item.images).toHaveLength(2);
    expect(item.images[0]?.url).toMatch(new RegExp(`^/api/images/items/${owner.user.id}/\\d{13}-[0-9a-f]{20}\\.webp$`));
    expect(storedFiles()).toHaveLength(4);

    const image = await send(app, 'GET', item.images[0]!.url, { cookie: owner.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it.each([
    [{ title: '' }, TEXT.items.titleRequired],
    [{ title: 'x', category: '' }, TEXT.items.categoryRequired],
    [{ category: 'Boats' }, TEXT.items.categoryRequired],
    [{ value: '' }, TEXT.items.valueInvalid],
    [{ value: 'ten' }, TEXT.items.valueInvalid],
    [{ value: '-5' }, TEXT.items.valueInvalid],
    [{ value: '2.5' }, TEXT.items.valueInvalid],
    [{ value: '1e3' }, TEXT.items.valueInvalid],
    [{ value: '0x10' }, TEXT.items.valueInvalid],
    [{ location: ' ' }, TEXT.items.locationRequired],
  ])('refuses %j with its text and stores nothing', async (override, message) => {
    const response = await postItem(app, owner, itemInput(override), await imageFiles(1));

    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await itemCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('checks the fields in the order of SPEC.md: title, category, value, location, images', async () => {
    const fields = { title: '', category: '', value: 'x', location: '', description: '' };
    const messages: string[] = [];
    const fixes: Record<string, string>[] = [{ title: 'Lamp' }, { category: 'Other' }, { value: '3' }, { location: 'Hull' }];
    for (const fix of [...fixes, {}]) {
      const response = await postItem(app, owner, fields, []);
      messages.push(response.json().error.message);
      Object.assign(fields, fix);
    }

    expect(messages).toEqual([
      TEXT.items.titleRequired,
      TEXT.items.categoryRequired,
      TEXT.items.valueInvalid,
      TEXT.items.locationRequired,
      TEXT.items.imagesRequired,
    ]);
    expect(await itemCount()).toBe(0);
  });

  it('refuses a fifth image and stores nothing', async () => {
    const response = await postItem(app, owner, itemInput(), await imageFiles(5));

    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(TEXT.items.tooManyImages);
    expect(await itemCount()).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('needs a signed-in member', async () => {
    const response = await postItem(app, undefined, itemInput(), await imageFiles(1));

    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(TEXT.items.loginRequired);
    expect(await itemCount()).toBe(0);
  });
});

describe('edit and delete', () => {
  it('lets the owner change the fields and reorder, drop and add images', async () => {
    const item = await createItem(app, owner, {}, await imageFiles(2));
    const [first, second] = item.images;

    const response = await putItem(
      app,
      owner,
      item.id,
      { ...itemInput({ title: 'Oak bookshelf, tall', value: '55' }), imageOrder: JSON.stringify(['new:0', `id:${second!.id}`]) },
      await imageFiles(1),
    );

    expect(response.statusCode).toBe(200);
    const updated: ItemDetail = response.json().item;
    expect(updated).toMatchObject({ title: 'Oak bookshelf, tall', value: 55 });
    expect(updated.images.map((image) => image.id)).toEqual([expect.any(String), second!.id]);
    expect(updated.images[0]!.id).not.toBe(first!.id);
    expect((await send(app, 'GET', first!.url, { cookie: owner.cookie })).statusCode).toBe(404);
    expect(storedFiles()).toHaveLength(4);
  });

  it("refuses another member's edit and delete, and changes nothing", async () => {
    const item = await createItem(app, owner);
    const stranger = await registerMember(app);

    const edit = await putItem(app, stranger, item.id, itemInput({ title: 'Mine now' }));
    const remove = await send(app, 'DELETE', `/api/items/${item.id}`, { cookie: stranger.cookie });

    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe(TEXT.items.updateForbidden);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.message).toBe(TEXT.items.deleteForbidden);
    const after = (await send(app, 'GET', `/api/items/${item.id}`, { cookie: owner.cookie })).json().item;
    expect(after).toEqual(item);
  });

  it('does not let a swapped item be edited back to available', async () => {
    const item = await createItem(app, owner);
    await db().update(items).set({ status: 'swapped' }).where(eq(items.id, item.id));

    const response = await putItem(app, owner, item.id, itemInput());

    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(TEXT.items.swappedLocked);
    expect((await db().select().from(items).where(eq(items.id, item.id)))[0]?.status).toBe('swapped');
  });

  it('deletes the item, its image rows and its stored images', async () => {
    const item = await createItem(app, owner, {}, await imageFiles(2));

    const response = await send(app, 'DELETE', `/api/items/${item.id}`, { cookie: owner.cookie });

    expect(response.statusCode).toBe(204);
    expect(await itemCount()).toBe(0);
    expect(await db().select().from(itemImages)).toEqual([]);
    expect(storedFiles()).toEqual([]);
    const gone = await send(app, 'GET', `/api/items/${item.id}`, { cookie: owner.cookie });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(TEXT.items.notFoundTitle);
  });
});

describe('marketplace', () => {
  const list = async (member: Member, query: string): Promise<ItemPage> => {
    const response = await send(app, 'GET', `/api/items?${query}`, { cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const titles = (page: ItemPage) => page.items.map((item) => item.title);

  it('searches and filters in SQL and returns exactly the matching available items, newest first', async () => {
    const other = await registerMember(app);
    await createItem(app, owner, { title: 'Mountain Bike', description: 'Front suspension', category: 'Sports', value: '120', location: 'Leeds' });
    await createItem(app, other, { title: 'Guitar lessons', description: 'Beginners welcome, bring a bike lock', category: 'Services', value: '30', location: 'North Leeds' });
    await createItem(app, owner, { title: 'Desk lamp', description: 'Warm light', category: 'Electronics', value: '10', location: 'York' });
    const swapped = await createItem(app, other, { title: 'Old bike pump', category: 'Sports', value: '5', location: 'Leeds' });
    await db().update(items).set({ status: 'swapped' }).where(eq(items.id, swapped.id));

    expect(titles(await list(owner, ''))).toEqual(['Desk lamp', 'Guitar lessons', 'Mountain Bike']);
    expect(titles(await list(owner, 'q=BIKE'))).toEqual(['Guitar lessons', 'Mountain Bike']);
    expect(titles(await list(owner, 'q=100%25'))).toEqual([]);
    expect(titles(await list(owner, 'category=Sports'))).toEqual(['Mountain Bike']);
    expect(titles(await list(owner, 'location=leeds'))).toEqual(['Guitar lessons', 'Mountain Bike']);
    expect(titles(await list(owner, 'minValue=10&maxValue=30'))).toEqual(['Desk lamp', 'Guitar lessons']);
    expect(titles(await list(owner, 'minValue=&maxValue='))).toHaveLength(3);
    expect(titles(await list(owner, 'type=services'))).toEqual(['Guitar lessons']);
    expect(titles(await list(owner, 'type=items'))).toEqual(['Desk lamp', 'Mountain Bike']);
    expect(titles(await list(owner, 'q=bike&location=leeds&type=items&minValue=100'))).toEqual(['Mountain Bike']);
    const card = (await list(owner, 'q=lamp')).items[0];
    expect(card?.image?.thumbUrl).toMatch(/\.thumb\.webp$/);
  });

  it.each([['minValue=-1'], ['maxValue=1.5'], ['minValue=1e3'], ['maxValue=0x10'], ['limit=1e1'], ['type=boats'], ['category=Boats'], ['cursor=garbage']])(
    'refuses the query %s with a 400',
    async (query) => {
      const response = await send(app, 'GET', `/api/items?${query}`, { cookie: owner.cookie });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
    },
  );

  it('pages with a cursor that never repeats or skips an item while new ones are added', async () => {
    for (let i = 1; i <= 7; i++) await createItem(app, owner, { title: `Item ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const page: ItemPage = await list(owner, `limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...titles(page));
      cursor = page.nextCursor;
      // Someone lists a new item between page loads: it belongs above what was already read.
      if (added < 2) await createItem(app, owner, { title: `Late ${++added}` });
    } while (cursor);

    expect(seen).toEqual(['Item 7', 'Item 6', 'Item 5', 'Item 4', 'Item 3', 'Item 2', 'Item 1']);
  });

  it('needs a signed-in member', async () => {
    expect((await send(app, 'GET', '/api/items')).statusCode).toBe(401);
  });
});

describe("a member's items", () => {
  const listOf = (query: string) => send(app, 'GET', `/api/users/${owner.user.id}/items?${query}`, { cookie: owner.cookie });

  it('lists only the status asked for, page after page, and every status when none is asked for', async () => {
    for (const [title, status] of [['Kept 1', 'available'], ['Gone 1', 'swapped'], ['Kept 2', 'available'], ['Gone 2', 'swapped'], ['Pulled', 'withdrawn'], ['Kept 3', 'available']] as const) {
      const item = await createItem(app, owner, { title });
      await db().update(items).set({ status }).where(eq(items.id, item.id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ItemPage = (await listOf(`status=available&limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json();
      seen.push(...page.items.map((item) => item.title));
      cursor = page.nextCursor;
    } while (cursor);

    expect(seen).toEqual(['Kept 3', 'Kept 2', 'Kept 1']);
    expect((await listOf('status=withdrawn')).json<ItemPage>().items.map((item) => item.title)).toEqual(['Pulled']);
    expect((await listOf('')).json<ItemPage>().items).toHaveLength(6);
  });

  it('refuses a status it does not know with the error shape', async () => {
    const response = await listOf('status=lost');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
  });
});
