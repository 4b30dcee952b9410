import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { DESKTOP, PHONE, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { pngFile } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a member lists an item in York chosen with the keyboard, and moves their profile to Leeds', async (_size, viewport) => {
  const title = `Garden bench ${randomUUID().slice(0, 8)}`;
  const { context, page } = await openBrowser({ viewport });
  const member = await registerSignedIn(context, server().baseURL, { displayName: 'Yara York' });

  await page.goto('/add-item');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('Furniture');
  await page.getByLabel('Value (in points)').fill('25');
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('yor');
  await expect.poll(() => location.getAttribute('aria-expanded'), UI_WAIT).toBe('true');
  await page.getByRole('status').filter({ hasText: /places? found/ }).waitFor();
  await location.press('ArrowDown');
  const active = page.getByRole('listbox', { name: 'Location' }).getByRole('option', { selected: true });
  await expect.poll(() => active.textContent(), UI_WAIT).toBe('YorkEngland, United Kingdom');
  await location.press('Enter');
  await expect.poll(() => location.inputValue(), UI_WAIT).toBe('York, England, United Kingdom');
  expect(await location.getAttribute('aria-expanded')).toBe('false');
  await page.locator('input[type=file]').setInputFiles(await pngFile('bench.png'));
  await page.getByRole('img', { name: 'Image 1' }).waitFor();
  await page.getByRole('button', { name: 'Add Item', exact: true }).click();
  await toast(page, TEXT.items.added).waitFor();
  await page.waitForURL('**/marketplace');

  await page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
  await page.getByRole('main').getByRole('link', { name: title }).first().click();
  await page.getByRole('heading', { name: title }).waitFor();
  await page.getByRole('main').getByText('York, England, United Kingdom').waitFor();

  await page.goto(`/profile/${member.id}`);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const place = page.getByRole('combobox', { name: 'Location' });
  await place.pressSequentially('leeds');
  await page.getByRole('option').filter({ hasText: 'England' }).first().waitFor();
  await place.press('ArrowDown');
  await place.press('Enter');
  await expect.poll(() => place.inputValue(), UI_WAIT).toBe('Leeds, England, United Kingdom');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, TEXT.profile.updated).waitFor();
  await page.getByRole('main').getByText('Leeds, England, United Kingdom').waitFor();
});
