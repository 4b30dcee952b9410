import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { PHONE, UI_WAIT, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { fillRegisterForm, newMember, registerMember, signIn, type NewMember } from './fixtures/members.ts';
import { PRIMARY_NAV, SECONDARY_NAV, STAFF_SECONDARY_NAV } from './fixtures/navigation.ts';
import { useServer } from './fixtures/server.ts';

// An empty site: this file's first registration is the one that makes its admin.
const server = useServer({ emptySite: true });
const openBrowser = useBrowsers(() => server().baseURL);

const FIRST_ADMIN_TOAST = "Welcome! As the first member, you are this community's admin.";

/** Filled in by the first journey: only the server's first registration is its admin. */
let founder: NewMember | undefined;
const theFounder = () => {
  if (!founder) throw new Error('the first journey registers the founder');
  return founder;
};

describe('the first member', () => {
  test('registers on the empty site, is told they are its admin, and finds Admin and the Members page', async () => {
    const { page } = await openBrowser();
    const member = newMember({ displayName: 'Fiona Founder' });

    await page.goto('/register');
    await fillRegisterForm(page, member);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, FIRST_ADMIN_TOAST).waitFor();
    founder = member;

    const nav = page.getByRole('navigation', { name: 'Main' });
    await textsOf(nav.getByRole('link')).toEqual([...PRIMARY_NAV, ...STAFF_SECONDARY_NAV]);
    await nav.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Members' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/members');
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Role of Fiona Founder' }).inputValue()).toBe('admin');
  });

  test('on a phone, finds Admin in the menu', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await signIn(context, server().baseURL, theFounder());
    await page.goto('/');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await textsOf(menu.getByRole('link')).toEqual([...PRIMARY_NAV, ...STAFF_SECONDARY_NAV]);
  });
});

describe('a second member', () => {
  test('is a member: no Admin on either size, and /admin is not found, until the admin makes them a moderator, which their open tab shows at once', async () => {
    const tag = randomUUID().slice(0, 8);
    const second = await registerMember(server().baseURL, { displayName: `Sam Second ${tag}` });

    const desktop = await openBrowser();
    await signIn(desktop.context, server().baseURL, second);
    await desktop.page.goto('/');
    await textsOf(desktop.page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toEqual([...PRIMARY_NAV, ...SECONDARY_NAV]);
    await desktop.page.goto('/admin');
    await desktop.page.waitForURL((url) => url.pathname === '/not-found');
    await desktop.page.getByRole('heading', { name: 'Page not found' }).waitFor();

    const phone = await openBrowser({ viewport: PHONE });
    await signIn(phone.context, server().baseURL, second);
    await phone.page.goto('/admin/members');
    await phone.page.waitForURL((url) => url.pathname === '/not-found');
    await phone.page.goto('/');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    await textsOf(phone.page.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toEqual([...PRIMARY_NAV, ...SECONDARY_NAV]);

    // The admin finds them by name and makes them a moderator, confirming in a dialog.
    const admin = await openBrowser();
    await signIn(admin.context, server().baseURL, theFounder());
    await admin.page.goto('/admin/members');
    await admin.page.getByRole('searchbox', { name: 'Search members' }).fill(tag);
    const role = admin.page.getByRole('combobox', { name: `Role of Sam Second ${tag}` });
    await textsOf(admin.page.getByRole('link', { name: `Sam Second ${tag}` })).toEqual([`Sam Second ${tag}`]);
    expect(await admin.page.getByRole('link', { name: `Sam Second ${tag}` }).getAttribute('href')).toBe(`/admin/members/${second.id}`);
    await role.selectOption('moderator');
    const dialog = admin.page.getByRole('dialog', { name: `Make Sam Second ${tag} a moderator?` });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await toast(admin.page, `Sam Second ${tag} is now a moderator.`).waitFor();
    await expect.poll(() => role.inputValue(), UI_WAIT).toBe('moderator');

    // As a moderator, on a phone: Admin in the open menu without a reload, and the Members page with roles to read, not to change.
    const menu = phone.page.getByRole('navigation', { name: 'Menu' });
    await textsOf(menu.getByRole('link')).toEqual([...PRIMARY_NAV, ...STAFF_SECONDARY_NAV]);
    await menu.getByRole('link', { name: 'Admin' }).click();
    await phone.page.goto('/admin/members');
    await phone.page.getByText('Only an admin can change roles.').waitFor();
    await phone.page.getByRole('searchbox', { name: 'Search members' }).fill(tag);
    await textsOf(phone.page.getByRole('listitem').filter({ hasText: tag }).locator('span')).toEqual(['Moderator']);
    expect(await phone.page.getByRole('combobox').count()).toBe(0);
  });
});

describe('the last admin', () => {
  test('cannot delete their account: the dialog says why, and they stay signed in', async () => {
    const { context, page } = await openBrowser();
    await signIn(context, server().baseURL, theFounder());
    await page.goto('/settings');

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Your password').fill(theFounder().password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

    await textsOf(dialog.getByRole('alert')).toEqual([TEXT.roles.lastAdminDelete]);
    const me = await context.request.get(`${server().baseURL}/api/me`);
    expect(me.status()).toBe(200);
  });
});
