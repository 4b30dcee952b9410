import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, onTestFinished, test } from 'vitest';
import { createPlace, placeItem, placeMember } from '../server/src/test/places.ts';
import { DESKTOP, PHONE, textsOf, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const cardTitles = (page: Page) => textsOf(page.getByRole('main').locator('li h2'));

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a member in Leeds finds a listing in York within 50 km and not one in London, and Nearest orders them', async (_size, viewport) => {
  const tag = randomUUID().slice(0, 8);
  const { app, baseURL } = server();
  // Places are given in the database until the place picker lands on the profile and listing forms.
  const [leeds, york, london] = [await createPlace(app, 'Leeds'), await createPlace(app, 'York'), await createPlace(app, 'London')];
  const ben = await registerClient(baseURL, { displayName: 'Ben Owner' });
  onTestFinished(() => ben.api.dispose());
  const owner = { request: ben.api };
  for (const [place, title] of [
    [leeds, `Leeds kettle ${tag}`],
    [york, `York kettle ${tag}`],
    [london, `London kettle ${tag}`],
  ] as const) {
    const item = await listItem(owner, baseURL, { title, location: place.name });
    await placeItem(app, item.id, place);
  }
  const { context, page } = await openBrowser({ viewport });
  const member = await registerSignedIn(context, baseURL, { displayName: 'Lee Leeds' });
  await placeMember(app, member.id, leeds);

  await page.goto(`/marketplace?q=${tag}`);
  await cardTitles(page).toEqual([`London kettle ${tag}`, `York kettle ${tag}`, `Leeds kettle ${tag}`]);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  // "of" starts at the member's own place.
  const of = page.getByRole('combobox', { name: 'of' });
  await expect.poll(() => of.inputValue(), UI_WAIT).toBe('Leeds, England, United Kingdom');
  await page.getByLabel('Within').selectOption('50');
  await cardTitles(page).toEqual([`York kettle ${tag}`, `Leeds kettle ${tag}`]);
  const yorkCard = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: `York kettle ${tag}` }) });
  await yorkCard.getByText(/^\d+ km away$/).waitFor();

  await page.getByLabel('Within').selectOption('');
  await page.getByLabel('Sort').selectOption('nearest');
  await cardTitles(page).toEqual([`Leeds kettle ${tag}`, `York kettle ${tag}`, `London kettle ${tag}`]);
  const leedsCard = page.getByRole('main').getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Leeds kettle ${tag}` }) });
  await leedsCard.getByText('Under 1 km away').waitFor();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort'), UI_WAIT).toBe('nearest');

  // The address keeps the search: a reload shows the same order.
  await page.reload();
  await cardTitles(page).toEqual([`Leeds kettle ${tag}`, `York kettle ${tag}`, `London kettle ${tag}`]);

  // Another place: within 10 km of York is York's listing alone.
  await page.getByLabel('Within').selectOption('10');
  await of.fill('York');
  await page.getByRole('option', { name: /^York\W*England/ }).click();
  await cardTitles(page).toEqual([`York kettle ${tag}`]);
  await yorkCard.getByText('Under 1 km away').waitFor();
  expect(await of.inputValue()).toBe('York, England, United Kingdom');
});
