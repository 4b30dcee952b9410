import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** Confirms the Block dialog opened from `page`, and waits for the button to turn into Unblock. */
async function confirmBlock(page: Page, name: string, where: Locator) {
  await where.getByRole('button', { name: 'Block', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Block ${name}?` });
  await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(true);
  expect(await dialog.innerText()).toContain("won't be able to message you or send you proposals");
  await dialog.getByRole('button', { name: 'Block', exact: true }).click();
  await toast(page, TEXT.blocks.blocked({ name })).waitFor();
  await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(false);
  await expect.poll(() => where.getByRole('button', { name: 'Unblock' }).isVisible(), UI_WAIT).toBe(true);
}

describe.each([
  ['desktop', 'profile', DESKTOP],
  ['phone', 'chat', PHONE],
] as const)('blocking on a %s, from the %s', (_size, from, viewport) => {
  test('the blocked member cannot message or propose, the listing leaves the marketplace, and Unblock in settings undoes it', async () => {
    const { baseURL } = server();
    const tag = randomUUID().slice(0, 8);
    const blocking = await openBrowser({ viewport });
    const blocker = await registerSignedIn(blocking.context, baseURL, { displayName: `Bea Blocker ${tag}` });
    const blockedSide = await openBrowser({ viewport });
    const blocked = await registerSignedIn(blockedSide.context, baseURL, { displayName: `Otto Other ${tag}` });
    const theirs = await listItem(blockedSide.context, baseURL, { title: `Canoe paddle ${tag}` });
    const mine = await listItem(blocking.context, baseURL, { title: `Camping stove ${tag}` });
    const conversationId = await openConversation(blockedSide.context, baseURL, blocker.id);
    await sendMessage(blockedSide.context, baseURL, conversationId, `Hello from ${tag}`);

    // The blocked member has the chat open, composer and all.
    const other = blockedSide.page;
    await other.goto(`/chat/${conversationId}`);
    await other.getByLabel('Message', { exact: true }).waitFor();
    await expect.poll(() => server().openSockets(blocked.id), UI_WAIT).toBeGreaterThan(0);

    const { page } = blocking;
    if (from === 'profile') {
      await page.goto(`/profile/${blocked.id}`);
      await confirmBlock(page, blocked.displayName, page.getByRole('main'));
    } else {
      await page.goto(`/chat/${conversationId}`);
      const header = page.locator('header').filter({ has: page.getByRole('link', { name: 'Back to messages' }) });
      await confirmBlock(page, blocked.displayName, header);
      // The blocker's own chat stays readable, with the reminder in place of the composer.
      await expect.poll(() => page.getByText(TEXT.blocks.refusedByYou).isVisible(), UI_WAIT).toBe(true);
      await expect.poll(() => page.getByText(`Hello from ${tag}`).isVisible(), UI_WAIT).toBe(true);
    }

    // Their listing is gone from the blocker's marketplace; the blocker's own is still there.
    await page.goto(`/marketplace?q=${tag}`);
    await expect.poll(() => page.getByText(mine.title).first().isVisible(), UI_WAIT).toBe(true);
    expect(await page.getByText(theirs.title).count()).toBe(0);

    // The blocked member's open chat turns to the neutral refusal, without a reload, and has no composer.
    await expect.poll(() => other.getByText(TEXT.blocks.refused).isVisible(), UI_WAIT).toBe(true);
    expect(await other.getByLabel('Message', { exact: true }).count()).toBe(0);
    // Send Message from the profile is refused with the same words.
    await other.goto(`/profile/${blocker.id}`);
    await other.getByRole('button', { name: 'Send Message' }).click();
    await toast(other, TEXT.blocks.refused).waitFor();
    // And so is a proposal.
    await other.goto(`/propose-exchange/${mine.id}`);
    await other.getByLabel('Message').fill('Would you swap?');
    await other.getByLabel('Points to add').fill('5');
    await other.getByRole('button', { name: 'Send Proposal' }).click();
    await toast(other, TEXT.blocks.refused).waitFor();
    expect(new URL(other.url()).pathname).toBe(`/propose-exchange/${mine.id}`);

    // Settings lists the blocked member; Unblock brings everything back.
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Blocked members' });
    await textsOf(section.getByRole('listitem').getByRole('link')).toEqual([blocked.displayName]);
    await section.getByRole('button', { name: 'Unblock' }).click();
    await toast(page, TEXT.blocks.unblocked({ name: blocked.displayName })).waitFor();
    await expect.poll(() => section.getByText("You haven't blocked anyone.").isVisible(), UI_WAIT).toBe(true);
    await page.goto(`/marketplace?q=${tag}`);
    await expect.poll(() => page.getByText(theirs.title).first().isVisible(), UI_WAIT).toBe(true);
  });
});
