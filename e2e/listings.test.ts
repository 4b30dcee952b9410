import { TEXT } from '@swapyard/contract';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem, oversizePhoto, pngFile } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { choosePlace } from './fixtures/places.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** The titles of the cards a page shows, in order. */
const cardTitles = (page: Page) => textsOf(page.getByRole('main').locator('li h2'));

test('an item added with two images comes first on the marketplace, live for another member, and on the profile', async () => {
  const owner = await openBrowser();
  const viewer = await openBrowser();
  const ownerMember = await registerSignedIn(owner.context, server().baseURL, { displayName: 'Olive Owner' });
  const viewerMember = await registerSignedIn(viewer.context, server().baseURL);
  await listItem(owner.context, server().baseURL, { title: 'Older lamp' });
  await viewer.page.goto('/marketplace');
  await cardTitles(viewer.page).toEqual(['Older lamp']);
  await expect.poll(() => server().openSockets(viewerMember.id), UI_WAIT).toBeGreaterThan(0);

  const { page } = owner;
  await page.goto('/add-item');
  await page.getByLabel('Title').fill('Vintage road bike');
  await page.getByLabel('Description').fill('Steel frame, new tyres.');
  await page.getByLabel('Category').selectOption('Sports');
  await page.getByLabel('Value (in points)').fill('75');
  await choosePlace(page, 'Leeds');
  await page.locator('input[type=file]').setInputFiles([await pngFile('front.png', '#aa3333'), await pngFile('side.png', '#3333aa')]);
  await page.getByRole('img', { name: 'Image 2' }).waitFor();
  await page.getByRole('button', { name: 'Add Item', exact: true }).click();

  await toast(page, TEXT.items.added).waitFor();
  await page.waitForURL('**/marketplace');
  await cardTitles(page).toEqual(['Vintage road bike', 'Older lamp']);

  await viewer.page.getByRole('button', { name: 'New listings — show' }).click();
  await cardTitles(viewer.page).toEqual(['Vintage road bike', 'Older lamp']);

  await page.goto(`/profile/${ownerMember.id}`);
  await textsOf(page.getByRole('main').locator('li h3, li h2')).toContain('Vintage road bike');
  await page.getByRole('link', { name: 'Vintage road bike' }).first().click();
  await page.getByRole('heading', { name: 'Vintage road bike' }).waitFor();
  await expect.poll(() => page.getByRole('button', { name: /Show image/ }).count(), UI_WAIT).toBe(2);
});

test('the add-item form shows its validation toasts in order and stores nothing', async () => {
  const { context, page } = await openBrowser();
  await registerSignedIn(context, server().baseURL);
  await page.goto('/add-item');
  const submit = () => page.getByRole('button', { name: 'Add Item', exact: true }).click();
  const steps: [() => Promise<void>, string][] = [
    [async () => {}, TEXT.items.titleRequired],
    [() => page.getByLabel('Title').fill('Desk lamp'), TEXT.items.categoryRequired],
    [() => page.getByLabel('Category').selectOption('Electronics').then(() => undefined), TEXT.items.valueInvalid],
    [() => page.getByLabel('Value (in points)').fill('12'), TEXT.items.locationRequired],
    [() => choosePlace(page, 'York'), TEXT.items.imagesRequired],
  ];

  for (const [fix, message] of steps) {
    await fix();
    await submit();
    await toast(page, message).waitFor();
  }

  expect(new URL(page.url()).pathname).toBe('/add-item');
  const listed = await context.request.get(`${server().baseURL}/api/items?q=Desk%20lamp`);
  expect(((await listed.json()) as { items: unknown[] }).items).toEqual([]);
});

test('search and filters narrow the marketplace, and a reload keeps them', async () => {
  const { context, page } = await openBrowser();
  await registerSignedIn(context, server().baseURL);
  // A word no other journey's listing has, so the results are exactly these.
  const tag = `zq${Date.now().toString(36)}`;
  await listItem(context, server().baseURL, { title: `Mountain bike ${tag}`, category: 'Sports', value: '120', location: 'Leeds' });
  await listItem(context, server().baseURL, { title: `Guitar lessons ${tag}`, category: 'Services', value: '30', location: 'York' });
  await listItem(context, server().baseURL, { title: `Bike lights ${tag}`, category: 'Electronics', value: '15', location: 'Leeds' });
  const search = page.getByRole('searchbox', { name: TEXT.items.searchPlaceholder });

  await page.goto('/marketplace');
  await search.fill(tag.toUpperCase());
  await cardTitles(page).toEqual([`Bike lights ${tag}`, `Guitar lessons ${tag}`, `Mountain bike ${tag}`]);
  await search.fill(`LESSONS ${tag}`);
  await cardTitles(page).toEqual([`Guitar lessons ${tag}`]);
  await search.fill(tag);

  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  await page.getByRole('radio', { name: 'Items' }).check();
  await cardTitles(page).toEqual([`Bike lights ${tag}`, `Mountain bike ${tag}`]);
  await page.getByLabel('Min Points').fill('100');
  await cardTitles(page).toEqual([`Mountain bike ${tag}`]);

  await page.reload();
  await cardTitles(page).toEqual([`Mountain bike ${tag}`]);
  expect(new URL(page.url()).searchParams.get('minValue')).toBe('100');

  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  if ((await filters.getAttribute('aria-expanded')) !== 'true') await filters.click();
  await page.getByRole('button', { name: 'Reset Filters' }).click();
  await cardTitles(page).toEqual([`Bike lights ${tag}`, `Guitar lessons ${tag}`, `Mountain bike ${tag}`]);
  await page.getByRole('radio', { name: 'Services' }).check();
  await cardTitles(page).toEqual([`Guitar lessons ${tag}`]);
  await search.fill(`${tag} nothing like this`);
  await page.getByText(TEXT.items.emptyTitle).waitFor();
  await page.getByText(TEXT.items.emptyBody).waitFor();
});

test('the owner edits an item, then deletes it', async () => {
  const { context, page } = await openBrowser();
  await registerSignedIn(context, server().baseURL);
  const item = await listItem(context, server().baseURL, { title: 'Camping stove', value: '20' });

  await page.goto(`/item/${item.id}`);
  await page.getByRole('link', { name: 'Edit' }).click();
  await page.waitForURL(`**/item/${item.id}/edit`);
  await page.getByLabel('Title').fill('Camping stove, two burners');
  await page.getByLabel('Value (in points)').fill('25');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, TEXT.items.updated).waitFor();
  await page.waitForURL(`**/item/${item.id}`);
  await page.getByRole('heading', { name: 'Camping stove, two burners' }).waitFor();
  await page.getByText('25 points').first().waitFor();

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await toast(page, TEXT.items.deleted).waitFor();
  await page.waitForURL('**/marketplace');
  const gone = await context.request.get(`${server().baseURL}/api/items/${item.id}`);
  expect(gone.status()).toBe(404);
});

test('another member sees Propose Exchange and Contact Owner, never Edit or Delete', async () => {
  const owner = await openBrowser();
  const viewer = await openBrowser();
  await registerSignedIn(owner.context, server().baseURL);
  await registerSignedIn(viewer.context, server().baseURL);
  const item = await listItem(owner.context, server().baseURL, { title: 'Tent' });

  await viewer.page.goto(`/item/${item.id}`);
  await viewer.page.getByRole('link', { name: 'Propose Exchange' }).waitFor();
  await viewer.page.getByRole('button', { name: 'Contact Owner' }).waitFor();
  expect(await viewer.page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
  expect(await viewer.page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);

  await viewer.page.goto('/item/00000000-0000-4000-8000-000000000000');
  await viewer.page.getByText(TEXT.items.notFoundTitle).waitFor();
  await viewer.page.getByText(TEXT.items.notFoundBody).waitFor();
});

test('the dashboard shows the points, the item count and the recent listings', async () => {
  const { context, page } = await openBrowser();
  const member = await registerSignedIn(context, server().baseURL, { displayName: 'Dana Dash' });
  await listItem(context, server().baseURL, { title: 'Dashboard kettle' });
  await listItem(context, server().baseURL, { title: 'Dashboard toaster' });

  await page.goto('/');
  await page.getByRole('heading', { name: 'Welcome, Dana' }).waitFor();
  const recent = page.getByRole('region', { name: 'Recent Listings' });
  await textsOf(recent.locator('li h3').first()).toEqual(['Dashboard toaster']);
  await expect.poll(async () => page.getByRole('link', { name: /Your Items/ }).innerText(), UI_WAIT).toContain('2');
  await expect.poll(async () => page.getByRole('link', { name: /Available Points/ }).innerText(), UI_WAIT).toContain(String(member.points));
});

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a file that is not a picture or is over 10 MB is refused when picked, and nothing is sent', async (_, viewport) => {
  const { context, page } = await openBrowser({ viewport });
  await registerSignedIn(context, server().baseURL);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(request.url());
  });
  await page.goto('/add-item');
  const hint = page.getByText(/^\d+ of 4 images/);
  await textsOf(hint).toEqual([expect.stringMatching(/^0 of 4/)]);

  await page.locator('input[type=file]').setInputFiles([
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, renamed') },
    await pngFile('real.png'),
  ]);
  await page.locator('input[type=file]').setInputFiles(await oversizePhoto());

  await toast(page, TEXT.images.notAnImage).waitFor();
  await toast(page, TEXT.images.tooLarge).waitFor();
  await page.getByRole('img', { name: 'Image 1' }).waitFor();
  expect(await page.getByRole('img', { name: 'Image 2' }).count()).toBe(0);
  await textsOf(hint).toEqual([expect.stringMatching(/^1 of 4/)]);
  expect(sent).toEqual([]);
});

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a paste past a limit says what was kept, and points filters say why they do not narrow', async (_, viewport) => {
  const { context, page } = await openBrowser({ viewport });
  await registerSignedIn(context, server().baseURL);
  await page.goto('/add-item');
  const description = page.getByLabel('Description');
  await description.focus();
  await page.keyboard.insertText('a'.repeat(1_500));
  expect(await page.getByText(/characters/).count()).toBe(0);
  await page.keyboard.insertText('b'.repeat(100));
  await textsOf(page.getByText(/characters/)).toEqual(['1,600 of 2,000 characters']);
  await page.keyboard.insertText('c'.repeat(5_000));
  expect((await description.inputValue()).length).toBe(2_000);
  await textsOf(page.getByRole('status').filter({ hasText: 'Limit reached' })).toEqual([
    'Limit reached: 2,000 characters, and nothing past it was kept',
  ]);

  await page.goto('/marketplace');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const min = page.getByLabel('Min Points');
  const max = page.getByLabel('Max Points');
  await min.fill('80');
  await max.fill('20');
  await textsOf(page.getByText('Max Points is below Min Points, so no listing can match.')).toHaveLength(1);
  await min.fill('-5');
  await max.fill('');
  await textsOf(page.getByText(/^Enter whole points from 0 to 1,000,000/)).toHaveLength(1);
  // Read together as one range, so side by side even on a phone.
  const [minBox, maxBox] = [await min.boundingBox(), await max.boundingBox()];
  expect(minBox?.y).toBe(maxBox?.y);
});

test('on a phone, the marketplace shows two photo-led cards a row, and the dashboard’s figures take one short row', async () => {
  const { context, page } = await openBrowser({ viewport: PHONE });
  await registerSignedIn(context, server().baseURL);
  for (const title of ['Camping tent', 'Balance bike', 'Oak bookshelf']) {
    await listItem(context, server().baseURL, { title, location: 'Leeds' });
  }
  await page.goto('/marketplace');
  // Newest first: this member's three lead, whatever the file's other journeys listed.
  const titles = page.getByRole('main').locator('li h2');
  await expect.poll(async () => (await titles.allInnerTexts()).slice(0, 3), UI_WAIT).toEqual(['Oak bookshelf', 'Balance bike', 'Camping tent']);
  const cards = page.getByRole('main').locator('li');
  const box = async (index: number) => (await cards.nth(index).boundingBox())!;
  const [first, second, third] = [await box(0), await box(1), await box(2)];
  expect(second.y).toBe(first.y);
  expect(first.width).toBeLessThan(PHONE.width / 2);
  expect(third.y).toBeGreaterThanOrEqual(first.y + first.height);
  // A second row starts on the first screen, where one large card a row showed 1.3 listings.
  expect(third.y).toBeLessThan(PHONE.height);
  for (const shown of [cards.first().locator('img'), cards.first().getByText('40 points'), cards.first().getByText('Leeds')]) {
    expect(await shown.isVisible()).toBe(true);
  }

  await page.goto('/');
  const figures = await Promise.all(
    ['Available Points', 'Your Items', 'Messages'].map(async (label) =>
      (await page.getByRole('main').getByRole('link').filter({ hasText: label }).boundingBox())!,
    ),
  );
  expect(new Set(figures.map((box) => box.y)).size).toBe(1);
  for (const box of figures) expect(box.height).toBeLessThan(100);
});

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a tap on a photo opens it full screen, where arrows, buttons and a swipe move through the photos', async (_, viewport) => {
  const { context, page } = await openBrowser({ viewport });
  await registerSignedIn(context, server().baseURL);
  const images = [await pngFile('front.png', '#aa3333'), await pngFile('side.png', '#33aa33'), await pngFile('back.png', '#3333aa')];
  const item = await listItem(context, server().baseURL, { title: 'Folding bike' }, images);
  await page.goto(`/item/${item.id}`);
  // Thumbnails show the whole picture, and the main frame takes the photo's own shape (96x64).
  const thumbnail = page.getByRole('button', { name: 'Show image 2' }).locator('img');
  expect(await thumbnail.evaluate((image) => getComputedStyle(image).objectFit)).toBe('contain');
  const opener = page.getByRole('button', { name: 'Open photo 1 of 3 full screen' });
  const frame = (await opener.boundingBox())!;
  expect(frame.width / frame.height).toBeCloseTo(96 / 64, 1);

  await opener.click();
  const viewer = page.getByRole('dialog', { name: 'Photos of Folding bike' });
  const photo = viewer.getByRole('img');
  await textsOf(viewer.getByText(/^\d of 3$/)).toEqual(['1 of 3']);
  expect(await photo.getAttribute('alt')).toBe('Folding bike, photo 1 of 3');
  const { width, height } = viewport;
  expect(await viewer.boundingBox()).toEqual({ x: 0, y: 0, width, height });

  await page.keyboard.press('ArrowRight');
  await textsOf(viewer.getByText(/^\d of 3$/)).toEqual(['2 of 3']);
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await textsOf(viewer.getByText(/^\d of 3$/)).toEqual(['3 of 3']);
  await page.keyboard.press('ArrowRight');
  await textsOf(viewer.getByText(/^\d of 3$/)).toEqual(['1 of 3']);
  // A swipe to the left shows the one before.
  await page.mouse.move(width / 2 - 100, height / 2);
  await page.mouse.down();
  await page.mouse.move(width / 2 + 100, height / 2, { steps: 5 });
  await page.mouse.up();
  await textsOf(viewer.getByText(/^\d of 3$/)).toEqual(['3 of 3']);
  expect(await photo.getAttribute('alt')).toBe('Folding bike, photo 3 of 3');

  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'hidden' });
  // The page shows the photo last seen, and focus is back where the viewer was opened.
  const reopen = page.getByRole('button', { name: 'Open photo 3 of 3 full screen' });
  expect(await reopen.evaluate((button) => button === document.activeElement)).toBe(true);
});
