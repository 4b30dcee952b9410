import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, useBrowsers } from './fixtures/browser.ts';
import { registerMember, registerSignedIn, signIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const emailFor = (page: Page, kind: string) => notifications(page).getByRole('group', { name: kind }).getByRole('switch', { name: 'Email' });
const saved = (page: Page) =>
  page.waitForResponse((response) => response.url().endsWith('/api/me/notification-preferences') && response.request().method() === 'PUT' && response.ok());

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('notification settings at %s size', (_size, viewport) => {
  test('the mail link opens Settings at Notifications; Email off for proposals stays off after a reload, the others as they were', async () => {
    const { context, page } = await openBrowser({ viewport });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/settings/notifications');

    await expect.poll(() => emailFor(page, 'Proposals').isChecked(), UI_WAIT).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('notifications');
    expect(await emailFor(page, 'Ratings').isChecked()).toBe(false);
    await Promise.all([saved(page), emailFor(page, 'Proposals').click()]);
    expect(await emailFor(page, 'Proposals').isChecked()).toBe(false);

    await page.reload();
    await expect.poll(() => emailFor(page, 'Proposals').isChecked(), UI_WAIT).toBe(false);
    expect(await emailFor(page, 'Messages').isChecked()).toBe(true);
    expect(await notifications(page).getByRole('switch', { name: 'Weekly summary' }).isChecked()).toBe(false);
  });

  test('a mail’s unsubscribe link, opened signed out, changes nothing until the button, then the member finds it off in Settings', async () => {
    const member = await registerMember(server().baseURL);
    const token = await server().app.services.notificationPreferences.unsubscribeToken(member.id, 'messages');
    const { context, page } = await openBrowser({ viewport });

    await page.goto(`/unsubscribe/${token}`);
    await page.getByText('This stops email about messages.').waitFor();
    const wantsMail = () => server().app.services.notificationPreferences.wants(server().app.services.database.db, member.id, 'messages', 'email');
    expect(await wantsMail()).toBe(true);
    await page.getByRole('button', { name: 'Stop these emails' }).click();
    await page.getByText('Done: you will get no more email about messages.').waitFor();
    expect(await wantsMail()).toBe(false);

    const preferences = await page.getByRole('link', { name: 'Choose which emails you get' }).getAttribute('href');
    await signIn(context, server().baseURL, member);
    await page.goto(preferences!);
    await expect.poll(() => emailFor(page, 'Messages').isChecked(), UI_WAIT).toBe(false);
    expect(await emailFor(page, 'Proposals').isChecked()).toBe(true);
    expect(pathnameOf(page)).toBe('/settings/notifications');
  });
});
