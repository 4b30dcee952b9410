import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import { expect, onTestFinished, test } from 'vitest';
import { DESKTOP, PHONE, pathnameOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a search saved from the marketplace alerts live when another member lists a match, and Saved searches counts it', async (_size, viewport) => {
  const tag = randomUUID().slice(0, 8);
  const { baseURL } = server();
  const ben = await registerClient(baseURL, { displayName: 'Ben Lister' });
  onTestFinished(() => ben.api.dispose());
  const ann = await openBrowser({ viewport });
  const annMember = await registerSignedIn(ann.context, baseURL, { displayName: 'Ann Searcher' });
  const name = `Kids bike ${tag}`;

  // Searched, then saved under a name of her own (the suggestion is the search's words).
  await ann.page.goto(`/marketplace?q=${tag}&category=Sports`);
  await ann.page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Save this search' });
  const field = dialog.getByRole('textbox', { name: 'Name' });
  expect(await field.inputValue()).toBe(`${tag}, Sports`);
  await field.fill(name);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await toast(ann.page, TEXT.savedSearches.saved).waitFor();
  await expect.poll(() => server().openSockets(annMember.id), UI_WAIT).toBeGreaterThan(0);

  // Ben lists a matching bike: Ann is told at once, wherever she is.
  const bike = await listItem({ request: ben.api }, baseURL, { title: `Balance bike ${tag}`, category: 'Sports', value: '15' });
  await toast(ann.page, TEXT.savedSearches.alert({ count: 1, name })).waitFor();

  // Saved searches shows it with its one new listing; Open shows the marketplace with its filters, and it is no longer new.
  await ann.page.goto('/saved-searches');
  const row = ann.page.getByRole('main').getByRole('listitem').filter({ has: ann.page.getByRole('heading', { name }) });
  await row.getByText('1 new listing', { exact: true }).waitFor();
  await row.getByRole('link', { name: 'Open' }).click();
  await expect.poll(() => pathnameOf(ann.page), UI_WAIT).toBe('/marketplace');
  expect(new URL(ann.page.url()).searchParams.toString()).toBe(`q=${tag}&category=Sports`);
  await ann.page.getByRole('main').getByRole('heading', { name: bike.title }).waitFor();
  await ann.page.goto('/saved-searches');
  await row.getByText('No new listings', { exact: true }).waitFor();

  // The alert in Notifications opens the search too.
  await ann.page.goto('/notifications');
  await ann.page.getByRole('main').getByRole('link', { name: TEXT.savedSearches.alertTitle }).click();
  await expect.poll(() => pathnameOf(ann.page), UI_WAIT).toBe('/marketplace');
  await ann.page.getByRole('main').getByRole('heading', { name: bike.title }).waitFor();
});

test('renames and deletes a saved search, Delete asking first', async () => {
  const ann = await openBrowser();
  await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Tidier' });
  const tag = randomUUID().slice(0, 8);
  await ann.page.goto(`/marketplace?q=${tag}`);
  await ann.page.getByRole('button', { name: 'Save this search' }).click();
  await ann.page.getByRole('dialog', { name: 'Save this search' }).getByRole('button', { name: 'Save', exact: true }).click();
  await toast(ann.page, TEXT.savedSearches.saved).waitFor();

  await ann.page.goto('/saved-searches');
  const main = ann.page.getByRole('main');
  await main.getByRole('heading', { name: tag }).waitFor();
  await main.getByRole('button', { name: 'Rename' }).click();
  const rename = ann.page.getByRole('dialog', { name: 'Rename this search' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(`Lamps ${tag}`);
  await rename.getByRole('button', { name: 'Save', exact: true }).click();
  await main.getByRole('heading', { name: `Lamps ${tag}` }).waitFor();

  await main.getByRole('button', { name: 'Delete' }).click();
  const confirm = ann.page.getByRole('dialog', { name: 'Delete this search?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await main.getByText('No saved searches yet').waitFor();
});
