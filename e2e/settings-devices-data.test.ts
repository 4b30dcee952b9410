import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { EXPORTED_JSON_FILES } from '../server/src/test/data-export.ts';
import { readZip } from '../server/src/test/zip.ts';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { registerSignedIn, signIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const devicesSection = (page: Page) => page.getByRole('region', { name: 'Signed-in devices' });
const deviceRows = (page: Page) => devicesSection(page).getByRole('listitem');

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('settings at %s size', (_size, viewport) => {
  test('lists both browsers of the member, "This device" on this one, and Sign out on the other sends its tab to /login live', async () => {
    const here = await openBrowser({ viewport });
    const member = await registerSignedIn(here.context, server().baseURL);
    const there = await openBrowser({ viewport });
    await signIn(there.context, server().baseURL, member);
    await there.page.goto('/marketplace');
    // Its socket is open: the tab is signed in and listening for the server's word.
    await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBe(1);

    await here.page.goto('/settings');

    await expect.poll(() => deviceRows(here.page).count(), UI_WAIT).toBe(2);
    await textsOf(devicesSection(here.page).getByText('This device', { exact: true })).toEqual(['This device']);
    for (const row of await deviceRows(here.page).all()) expect(await row.innerText()).toMatch(/Chrome \d+ on Linux/);
    const other = deviceRows(here.page).filter({ hasNotText: 'This device' });
    await other.getByRole('button', { name: 'Sign out', exact: true }).click();

    // Nobody touches the other browser: only the server's word can move it.
    await there.page.waitForURL((url) => url.pathname === '/login');
    await toast(here.page, 'That device has been signed out').waitFor();
    await expect.poll(() => deviceRows(here.page).count(), UI_WAIT).toBe(1);
    await textsOf(deviceRows(here.page).getByText('This device', { exact: true })).toEqual(['This device']);
    expect(pathnameOf(here.page)).toBe('/settings');
  });

  test('Download my data gives a dated zip with the README and a JSON file per kind', async () => {
    const { context, page } = await openBrowser({ viewport });
    const member = await registerSignedIn(context, server().baseURL);
    await page.goto('/settings');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);

    expect(download.suggestedFilename()).toMatch(/^swapyard-data-\d{4}-\d\d-\d\d\.zip$/);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapyard-e2e-download-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      const zip = await readZip(file, (name) => name === 'profile.json');
      expect([...zip.sizes.keys()]).toEqual(['README.txt', ...EXPORTED_JSON_FILES]);
      expect(JSON.parse(zip.texts.get('profile.json') ?? '{}')).toMatchObject({ id: member.id, email: member.email });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

test('Sign out everywhere else ends every other browser of the member and keeps this one', async () => {
  const here = await openBrowser();
  const member = await registerSignedIn(here.context, server().baseURL);
  const others = [await openBrowser(), await openBrowser()];
  for (const other of others) {
    await signIn(other.context, server().baseURL, member);
    await other.page.goto('/marketplace');
    await other.page.getByTestId('member-name').waitFor();
  }
  await here.page.goto('/settings');
  await expect.poll(() => deviceRows(here.page).count(), UI_WAIT).toBe(3);

  await here.page.getByRole('button', { name: 'Sign out everywhere else' }).click();

  for (const other of others) await other.page.waitForURL((url) => url.pathname === '/login');
  await toast(here.page, 'All your other devices have been signed out').waitFor();
  await expect.poll(() => deviceRows(here.page).count(), UI_WAIT).toBe(1);
  await devicesSection(here.page).getByText('This is the only device signed in to your account.').waitFor();
  await here.page.reload();
  await expect.poll(() => deviceRows(here.page).count(), UI_WAIT).toBe(1);
  expect(pathnameOf(here.page)).toBe('/settings');
});
