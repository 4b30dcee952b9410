import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn, type Member } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { propose } from './fixtures/swaps.ts';

/*
 * What tells a member that something arrived while they were looking at something else: the
 * navigation's counts (on a phone too), a toast that opens it, and the count in the tab's title.
 */

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** The page is showing the member and its socket has joined their room, so no event can slip past. */
async function openLive(page: Page, member: Member, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
}

const titleOf = (page: Page) => expect.poll(() => page.title(), UI_WAIT);

test('on a phone, a message that arrives shows on the bottom bar, the bell and the tab, and its toast opens the chat', async () => {
  const { context, page } = await openBrowser({ viewport: PHONE });
  const ann = await registerSignedIn(context, server().baseURL);
  const ben = await registerClient(server().baseURL, { displayName: 'Ben Arrival' });
  try {
    await openLive(page, ann, '/marketplace', 'Marketplace');
    await titleOf(page).toBe('Marketplace · Swapyard');
    const conversationId = await openConversation({ request: ben.api }, server().baseURL, ann.id);

    await sendMessage({ request: ben.api }, server().baseURL, conversationId, 'Is the lamp still there?');

    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await textsOf(quickLinks.getByTestId('unread-messages').locator('[aria-hidden="true"]')).toEqual(['1']);
    await textsOf(page.getByRole('banner').getByTestId('unread-notifications').locator('[aria-hidden="true"]')).toEqual(['1']);
    expect(await page.getByRole('banner').getByRole('link', { name: 'Notifications 1 unread' }).count()).toBe(1);
    await titleOf(page).toBe('(1) Marketplace · Swapyard');
    await toast(page, 'New message from Ben Arrival').waitFor();
    await toast(page, 'Is the lamp still there?').waitFor();

    await page.getByRole('button', { name: 'View' }).click();

    await page.waitForURL((url) => url.pathname === `/chat/${conversationId}`);
    await titleOf(page).toBe('Ben Arrival · Swapyard');
    await quickLinks.getByTestId('unread-messages').waitFor({ state: 'detached' });
  } finally {
    await ben.api.dispose();
  }
});

test('on a desktop, a proposal that arrives raises a toast, and none comes for what is already on screen', async () => {
  const { context, page } = await openBrowser({ viewport: DESKTOP });
  const ann = await registerSignedIn(context, server().baseURL, { displayName: 'Ann Arrival' });
  const lamp = await listItem(context, server().baseURL, { title: 'Brass desk lamp' });
  const ben = await registerClient(server().baseURL, { displayName: 'Ben Proposer' });
  try {
    await openLive(page, ann, `/item/${lamp.id}`, 'Brass desk lamp');
    await titleOf(page).toBe('Brass desk lamp · Swapyard');

    const proposal = await propose({ request: ben.api }, server().baseURL, { itemId: lamp.id, pointsOffer: 10, message: 'For my study?' });

    await toast(page, 'New swap proposal').waitFor();
    await toast(page, 'Ben Proposer offers 10 points for Brass desk lamp: For my study?').waitFor();
    await titleOf(page).toBe('(1) Brass desk lamp · Swapyard');
    await page.getByRole('button', { name: 'View' }).click();
    await page.waitForURL((url) => url.pathname === `/proposals/${proposal.id}`);

    await page.getByRole('complementary').getByRole('link', { name: /^Messages/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Messages', exact: true }).waitFor();
    const conversationId = await openConversation({ request: ben.api }, server().baseURL, ann.id);
    await sendMessage({ request: ben.api }, server().baseURL, conversationId, 'Seen on the list already');
    await page.getByRole('main').getByText('Seen on the list already').waitFor();
    expect(await toast(page, 'Seen on the list already').count()).toBe(0);
    expect(pathnameOf(page)).toBe('/messages');
  } finally {
    await ben.api.dispose();
  }
});
