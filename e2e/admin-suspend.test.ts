import { TEXT } from '@swapyard/contract';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, toast, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerSignedIn, type Member } from './fixtures/members.ts';
import { setRole, useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

async function signInWithForm(page: Page, member: Member): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('suspending a member on a %s', (size, viewport) => {
  test("the member's open tab goes to /login, sign-in says until when, their listing leaves the marketplace, and lifting lets them back", async () => {
    const { baseURL } = server();
    const operator = await openBrowser({ viewport });
    const admin = await registerSignedIn(operator.context, baseURL, { displayName: 'Ada Admin' });
    // Set in the database, as `npm run admin` would.
    await setRole(server(), admin.id, 'admin');
    const suspended = await openBrowser({ viewport });
    const member = await registerSignedIn(suspended.context, baseURL, { displayName: 'Sid Suspect' });
    const title = `Suspicious lantern ${size}`;
    await listItem(suspended.context, baseURL, { title });
    const watching = await openBrowser({ viewport });
    await registerSignedIn(watching.context, baseURL, { displayName: 'Wes Watcher' });
    const listing = watching.page.getByText(title);
    await watching.page.goto('/marketplace');
    await expect.poll(() => listing.first().isVisible(), UI_WAIT).toBe(true);
    await suspended.page.goto('/marketplace');
    await expect.poll(() => suspended.page.getByText(title).first().isVisible(), UI_WAIT).toBe(true);

    const { page } = operator;
    await page.goto(`/admin/members/${member.id}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Sid Suspect' }).isVisible(), UI_WAIT).toBe(true);
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Sid Suspect' });
    await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(true);
    // Without a reason nothing happens: the field says why.
    await dialog.getByLabel('7 days').check();
    await dialog.getByRole('button', { name: 'Suspend member' }).click();
    await expect.poll(() => dialog.getByText(TEXT.suspensions.reasonRequired).isVisible(), UI_WAIT).toBe(true);
    await dialog.getByLabel('Reason').fill('Listing counterfeit goods');
    await dialog.getByRole('button', { name: 'Suspend member' }).click();
    await expect.poll(() => toast(page, TEXT.suspensions.suspended).isVisible(), UI_WAIT).toBe(true);
    await expect.poll(() => page.getByText('Listing counterfeit goods').first().isVisible(), UI_WAIT).toBe(true);

    await expect.poll(() => pathnameOf(suspended.page), UI_WAIT).toBe('/login');
    await signInWithForm(suspended.page, member);
    const refusal = suspended.page.getByText(/^Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    await expect.poll(() => refusal.isVisible(), UI_WAIT).toBe(true);
    expect(pathnameOf(suspended.page)).toBe('/login');

    await expect.poll(() => listing.count(), UI_WAIT).toBe(0);
    await watching.page.reload();
    await expect.poll(() => watching.page.getByRole('heading', { level: 1 }).first().isVisible(), UI_WAIT).toBe(true);
    expect(await listing.count()).toBe(0);

    await page.getByRole('button', { name: 'Lift suspension' }).click();
    const liftDialog = page.getByRole('dialog', { name: "Lift Sid Suspect's suspension" });
    await liftDialog.getByLabel('Reason').fill('Appeal upheld');
    await liftDialog.getByRole('button', { name: 'Lift suspension' }).click();
    await expect.poll(() => toast(page, TEXT.suspensions.lifted).isVisible(), UI_WAIT).toBe(true);

    await signInWithForm(suspended.page, member);
    await expect.poll(() => pathnameOf(suspended.page), UI_WAIT).toBe('/');
    await watching.page.goto('/marketplace');
    await expect.poll(() => listing.first().isVisible(), UI_WAIT).toBe(true);
  });
});
