import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, onTestFinished, test } from 'vitest';
import { realPlace } from '../server/src/test/places.ts';
import { apiChange } from './fixtures/api.ts';
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
  const { baseURL } = server();
  // Places go in as the forms' place pickers send them (e2e/places.test.ts drives the pickers themselves).
  const [leeds, york, london] = [realPlace('Leeds'), realPlace('York'), realPlace('London')];
  const ben = await registerClient(baseURL, { displayName: 'Ben Owner' });
  onTestFinished(() => ben.api.dispose());
  const owner = { request: ben.api };
  for (const [place, title] of [
    [leeds, `Leeds kettle ${tag}`],
    [york, `York kettle ${tag}`],
    [london, `London kettle ${tag}`],
  ] as const) {
    await listItem(owner, baseURL, { title, location: place.name, placeId: String(place.id) });
  }
  const { context, page } = await openBrowser({ viewport });
  await registerSignedIn(context, baseURL, { displayName: 'Lee Leeds' });
  await apiChange(context, baseURL, '/api/me', { method: 'PATCH', data: { displayName: 'Lee Leeds', bio: '', location: '', placeId: leeds.id } });

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
