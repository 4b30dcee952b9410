import { TEXT, type NotificationPage } from '@swapyard/contract';
import type { Page } from 'playwright-core';
import { describe, expect, onTestFinished, test } from 'vitest';
import { DESKTOP, PHONE, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn } from './fixtures/members.ts';
import { setRole, useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** A member acting through the API only, for the side of a journey nobody watches. */
async function apiMember(displayName: string) {
  const { member, api } = await registerClient(server().baseURL, { displayName });
  onTestFinished(() => api.dispose());
  return { member, caller: { request: api } };
}

/** A staff member's browser: signed in, then given the role in the database (the first-member-is-admin rule is not relied on). */
async function staffBrowser(viewport: typeof DESKTOP | typeof PHONE, role: 'moderator' | 'admin', displayName: string) {
  const browser = await openBrowser({ viewport });
  const member = await registerSignedIn(browser.context, server().baseURL, { displayName });
  await setRole(server(), member.id, role);
  return browser;
}

/** Answers the open moderation dialog with a reason and confirms it with the action's own button. */
async function confirmWithReason(page: Page, title: string, action: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(true);
  // No reason, no action: the field says so and the dialog stays.
  await dialog.getByRole('button', { name: action }).click();
  await expect.poll(() => dialog.getByText(TEXT.moderation.reasonRequired).isVisible(), UI_WAIT).toBe(true);
  await dialog.getByLabel('Reason (kept in the audit log)').fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('reports and the queue on a %s', (size, viewport) => {
  test('a member reports a listing; the admin sees why, hides it, and it leaves the marketplace with its owner told', async () => {
    const { baseURL } = server();
    const owner = await apiMember('Olga Owner');
    const title = `Suspicious designer watch ${size}`;
    const item = await listItem(owner.caller, baseURL, { title, category: 'Other' });

    const reporting = await openBrowser({ viewport });
    await registerSignedIn(reporting.context, baseURL, { displayName: 'Rita Reporter' });
    const { page } = reporting;
    await page.goto(`/item/${item.id}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(true);
    await dialog.getByRole('radio', { name: 'Prohibited item' }).check();
    await dialog.getByLabel('Anything a moderator should know? (optional)').fill('Almost certainly a fake.');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toast(page, TEXT.reports.thanks).isVisible(), UI_WAIT).toBe(true);

    const admin = (await staffBrowser(viewport, 'admin', 'Ada Admin')).page;
    await admin.goto('/admin');
    const card = admin.getByRole('listitem').filter({ has: admin.getByRole('link', { name: title }) });
    await expect.poll(() => card.getByText('Prohibited item').isVisible(), UI_WAIT).toBe(true);
    expect(await card.getByText('Almost certainly a fake.').isVisible()).toBe(true);
    expect(await card.getByRole('img', { name: `${title}, photo 1` }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Hide listing' }).click();
    await confirmWithReason(admin, 'Hide this listing?', 'Hide listing', 'Counterfeit goods are not allowed.');
    await expect.poll(() => toast(admin, TEXT.moderation.hidden).isVisible(), UI_WAIT).toBe(true);
    await expect.poll(() => card.count(), UI_WAIT).toBe(0);

    await page.goto(`/marketplace?q=${encodeURIComponent(title)}`);
    await expect.poll(() => page.getByText(TEXT.items.emptyTitle).isVisible(), UI_WAIT).toBe(true);
    expect(await page.getByText(title).count()).toBe(0);

    const notices = (await (await owner.caller.request.get(`${baseURL}/api/notifications`)).json()) as NotificationPage;
    expect(notices.notifications[0]).toMatchObject({
      title: TEXT.moderation.listingHiddenTitle,
      description: TEXT.moderation.listingHidden({ title, reason: 'Counterfeit goods are not allowed.' }),
    });

    await admin.goto('/admin/audit');
    const entry = admin.getByRole('listitem').filter({ hasText: title });
    await expect.poll(() => entry.getByText('Reason: Counterfeit goods are not allowed.').isVisible(), UI_WAIT).toBe(true);
    expect(await entry.getByText('Ada Admin hid the listing').isVisible()).toBe(true);

    // The way back is on the listing's own page, and it returns the listing to the marketplace.
    await admin.goto(`/item/${item.id}`);
    await admin.getByRole('button', { name: 'Restore listing' }).click();
    await confirmWithReason(admin, 'Restore this listing?', 'Restore listing', 'The owner showed the receipt.');
    await expect.poll(() => toast(admin, TEXT.moderation.restored).isVisible(), UI_WAIT).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('link', { name: title }).first().isVisible(), UI_WAIT).toBe(true);
  });

  test('a reported message removed from the queue shows both members the placeholder', async () => {
    const { baseURL } = server();
    const writerBrowser = await openBrowser({ viewport });
    const writer = await registerSignedIn(writerBrowser.context, baseURL, { displayName: 'Walt Writer' });
    const readerBrowser = await openBrowser({ viewport });
    await registerSignedIn(readerBrowser.context, baseURL, { displayName: 'Rosa Reader' });
    const conversationId = await openConversation(readerBrowser.context, baseURL, writer.id);
    await sendMessage(readerBrowser.context, baseURL, conversationId, 'Is the sofa still there?');
    const nasty = `You are an idiot, ${size} edition`;
    await sendMessage(writerBrowser.context, baseURL, conversationId, nasty);

    const page = readerBrowser.page;
    await page.goto(`/chat/${conversationId}`);
    await expect.poll(() => page.getByText(nasty).isVisible(), UI_WAIT).toBe(true);
    // Only the other member's messages carry the menu.
    expect(await page.getByRole('button', { name: /^More actions/ }).count()).toBe(1);
    await page.getByRole('button', { name: /^More actions/ }).click();
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this message' });
    await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(true);
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => toast(page, TEXT.reports.thanks).isVisible(), UI_WAIT).toBe(true);

    await writerBrowser.page.goto(`/chat/${conversationId}`);
    await expect.poll(() => writerBrowser.page.getByText(nasty).isVisible(), UI_WAIT).toBe(true);

    const moderator = (await staffBrowser(viewport, 'moderator', 'Mo Moderator')).page;
    await moderator.goto('/admin');
    const card = moderator.getByRole('listitem').filter({ hasText: nasty }).filter({ has: moderator.getByRole('button', { name: 'Remove message' }) });
    await expect.poll(() => card.getByText('Harassment').isVisible(), UI_WAIT).toBe(true);
    expect(await card.getByText('Is the sofa still there?').isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Remove message' }).click();
    await confirmWithReason(moderator, 'Remove this message?', 'Remove message', 'Insults are not allowed.');
    await expect.poll(() => toast(moderator, TEXT.moderation.removed).isVisible(), UI_WAIT).toBe(true);

    // Both chats were open: the placeholder arrives over the socket, without a reload.
    for (const chat of [page, writerBrowser.page]) {
      await expect.poll(() => chat.getByText(TEXT.moderation.messageRemoved).isVisible(), UI_WAIT).toBe(true);
      expect(await chat.getByText(nasty).count()).toBe(0);
    }
  });
});
