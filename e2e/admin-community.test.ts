import { TEXT, type CommunitySettings } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { communitySettings, users } from '../server/src/db/schema/index.ts';
import { DEFAULT_COMMUNITY_SETTINGS } from '../server/src/test/community.ts';
import { apiChange } from './fixtures/api.ts';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, toast, useBrowsers } from './fixtures/browser.ts';
import { pngFile } from './fixtures/items.ts';
import { fillRegisterForm, newMember, registerSignedIn, type Member } from './fixtures/members.ts';
import { choosePlace } from './fixtures/places.ts';
import { useServer } from './fixtures/server.ts';

// New members' daily limits on, as on a real site: one journey is about them, the others list nothing.
const server = useServer({ newMemberLimits: true });
const openBrowser = useBrowsers(() => server().baseURL);

// The settings are the whole site's: whatever a journey set, pass or fail, the next starts from the defaults.
afterEach(async () => {
  await server().app.services.database.db.update(communitySettings).set(DEFAULT_COMMUNITY_SETTINGS);
});

/**
 * A signed-in admin. The first account of a site becomes its admin, but this file's server has had
 * other accounts before each journey: the role is given straight in the database, as the operator's
 * command would.
 */
async function openAdmin(viewport: { width: number; height: number } = DESKTOP) {
  const browser = await openBrowser({ viewport });
  const member = await registerSignedIn(browser.context, server().baseURL, { displayName: 'Ada Admin' });
  await server().app.services.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, member.id));
  return { ...browser, member };
}

/** The settings a journey needs, saved as an admin would. */
async function saveSettings(admin: { context: Parameters<typeof apiChange>[0] }, changes: Partial<CommunitySettings> = {}) {
  await apiChange(admin.context, server().baseURL, '/api/admin/settings', { method: 'PUT', data: { ...DEFAULT_COMMUNITY_SETTINGS, ...changes } });
}

test('an admin names the community, describes it and writes its rules; the header, the title, sign-in and sign-up show them', async () => {
  const admin = await openAdmin();
  const { page } = admin;

  await page.goto('/admin/settings');
  await page.getByLabel('Community name').fill('Elm Street Swaps');
  await page.getByLabel('Short description').fill('Neighbours on Elm Street, trading what they no longer need.');
  await page.getByRole('textbox', { name: 'Rules' }).fill('Be **kind** and on time.\n\n- Meet in public places\n- Only list what you own\n\nQuestions? [Write to us](mailto:hello@elm.example).');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => toast(page, TEXT.community.settingsSaved).isVisible(), UI_WAIT).toBe(true);

  // The shell and the tab take the new name at once.
  await expect.poll(() => page.getByRole('link', { name: 'Elm Street Swaps' }).first().isVisible(), UI_WAIT).toBe(true);
  await expect.poll(() => page.title(), UI_WAIT).toMatch(/Admin · Elm Street Swaps$/);

  const visitor = await openBrowser();
  await visitor.page.goto('/login');
  await expect.poll(() => visitor.page.getByText('Neighbours on Elm Street, trading what they no longer need.').isVisible(), UI_WAIT).toBe(true);
  expect(await visitor.page.getByText('Elm Street Swaps').first().isVisible()).toBe(true);
  await expect.poll(() => visitor.page.title(), UI_WAIT).toBe('Sign in to your account · Elm Street Swaps');

  await visitor.page.goto('/register');
  const agreement = visitor.page.getByLabel('I agree to the community rules');
  await expect.poll(() => agreement.isVisible(), UI_WAIT).toBe(true);
  expect(await visitor.page.getByLabel('I agree to the Terms and Conditions').count()).toBe(0);
  await visitor.page.getByRole('link', { name: 'community rules' }).waitFor();

  await visitor.page.goto('/rules');
  const main = visitor.page.getByRole('main');
  await main.getByRole('heading', { name: 'Community rules' }).waitFor();
  await expect.poll(() => main.locator('strong').innerText(), UI_WAIT).toBe('kind');
  expect(await main.getByRole('listitem').allInnerTexts()).toEqual(['Meet in public places', 'Only list what you own']);
  expect(await main.getByRole('link', { name: 'Write to us' }).getAttribute('href')).toBe('mailto:hello@elm.example');

});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('an invite-only community on a %s', (_size, viewport) => {
  test('sign-up without an invite explains and shows no form; an invite link made on /admin/invites lets one person in', async () => {
    const admin = await openAdmin(viewport);
    await saveSettings(admin, { joinMode: 'invite' });

    const stranger = await openBrowser({ viewport });
    await stranger.page.goto('/register');
    await stranger.page.getByRole('heading', { name: 'This community is invite-only' }).waitFor();
    expect(await stranger.page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    expect(await stranger.page.getByLabel('Email address').count()).toBe(0);

    const { page } = admin;
    await page.goto('/admin/invites');
    await page.getByLabel('How many people can use it').fill('1');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    const linkField = page.getByRole('textbox', { name: 'Invite link' });
    await linkField.waitFor();
    const link = await linkField.inputValue();
    expect(link).toMatch(/\/register\?invite=[\w-]{20,}$/);
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server().baseURL });
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => toast(page, 'Invite link copied.').isVisible(), UI_WAIT).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const invited = await openBrowser({ viewport });
    await invited.page.goto(link);
    const joiner = newMember({ displayName: 'Ivy Invited' });
    await invited.page.getByLabel('Full Name').waitFor();
    await fillRegisterForm(invited.page, joiner);
    await invited.page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toast(invited.page, TEXT.account.registered).isVisible(), UI_WAIT).toBe(true);
    await expect.poll(() => pathnameOf(invited.page), UI_WAIT).toBe('/');

    // Its one use is gone: the next person who opens it is told so, and gets no form.
    const late = await openBrowser({ viewport });
    await late.page.goto(link);
    await expect.poll(() => late.page.getByText(TEXT.community.inviteUsedUp).isVisible(), UI_WAIT).toBe(true);
    expect(await late.page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);

    await page.reload();
    await expect.poll(() => page.getByText('Used 1 of 1').first().isVisible(), UI_WAIT).toBe(true);

  });
});

test("a new member over the day's listing limit is told when they can list more", async () => {
  const admin = await openAdmin();
  await saveSettings(admin, { newMemberListingsPerDay: 1 });
  const newcomer = await openBrowser();
  const member: Member = await registerSignedIn(newcomer.context, server().baseURL, { displayName: 'Nell Newcomer' });
  expect(member.points).toBe(100);

  const { page } = newcomer;
  for (const title of ['First lamp', 'Second lamp']) {
    await page.goto('/add-item');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('Other');
    await page.getByLabel('Value (in points)').fill('5');
    await choosePlace(page, 'York');
    await page.locator('input[type=file]').setInputFiles(await pngFile('lamp.png'));
    await page.getByRole('img', { name: 'Image 1' }).waitFor();
    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    if (title === 'First lamp') await expect.poll(() => pathnameOf(page), UI_WAIT).toBe('/marketplace');
  }
  await expect
    .poll(() => toast(page, 'New members can list 1 item a day. You can list more in 24 hours.').isVisible(), UI_WAIT)
    .toBe(true);
  expect(pathnameOf(page)).toBe('/add-item');

});
