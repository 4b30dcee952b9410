import { TEXT } from '@swapyard/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, onTestFinished, test } from 'vitest';
import { APP_PAGES, useWorldBrowser, visit } from './fixtures/app-pages.ts';
import { animationsDone, DESKTOP, PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem, pngFile } from './fixtures/items.ts';
import { focusStop, notReached, tabThrough, tabTo, unseenStops } from './fixtures/keyboard.ts';
import { registerClient, registerMember, registerSignedIn, signIn } from './fixtures/members.ts';
import { setRole, useServer } from './fixtures/server.ts';
import { confirmHandover, propose } from './fixtures/swaps.ts';
import { useWorld } from './fixtures/world.ts';

const server = useServer();
const world = useWorld(server);
const openBrowser = useBrowsers(() => server().baseURL);

/** Tabs to the control and checks that every stop on the way, the control's included, showed where focus was. */
async function reach(page: Page, target: Locator): Promise<void> {
  expect(unseenStops(await tabTo(page, target))).toEqual([]);
}

/** The other side of a journey, acting through the API only: no browser of its own to start. */
async function otherMember(displayName: string) {
  const { api } = await registerClient(server().baseURL, { displayName });
  onTestFinished(() => api.dispose());
  return { request: api };
}

/** The focused element is inside the one open dialog, or focus has gone to the browser itself. */
function focusInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    return document.activeElement === document.body || (dialog?.contains(document.activeElement) ?? false);
  });
}

/** Tab stays inside the open dialog; Escape closes it and focus goes back to what opened it. */
async function expectDialogHoldsFocus(page: Page, opener: Locator): Promise<void> {
  for (let press = 0; press < 4; press++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the tab order of every page, %s', (_name, viewport) => {
  const browser = useWorldBrowser(() => server().baseURL, world, { viewport });

  test.each(APP_PAGES)('on $name reaches every control, and shows where focus is, uncovered', async (appPage) => {
    const { page } = await browser(appPage.signedIn);
    await visit(page, appPage, world());

    const stops = await tabThrough(page);

    expect(stops.length).toBeGreaterThan(0);
    expect(unseenStops(stops)).toEqual([]);
    expect(await notReached(page)).toEqual([]);
  });
});

describe('main actions by keyboard alone', () => {
  test('sign in', async () => {
    const member = await registerMember(server().baseURL, { displayName: 'Kim Keys' });
    const { page } = await openBrowser();
    await page.goto('/login');

    await reach(page, page.getByLabel('Email', { exact: true }));
    await page.keyboard.type(member.email);
    await reach(page, page.getByLabel('Password'));
    await page.keyboard.type(member.password);
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Welcome, Kim' }).waitFor();
  });

  test('the skip link is the first stop, shows itself, and moves focus to the page content', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.goto('/marketplace');
    await page.getByRole('heading', { name: 'Marketplace' }).waitFor();

    await page.keyboard.press('Tab');
    const skip = await focusStop(page);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');

    expect(skip).toMatchObject({ name: 'Skip to content', indicated: true, obscured: false });
    // Past the whole sidebar: the first stop of the page itself.
    expect((await focusStop(page)).name).toBe('Search items...');
  });

  test('open the phone menu, go through it, and choose an entry', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await reach(page, page.getByRole('button', { name: 'Open menu' }));
    await page.keyboard.press('Enter');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.waitFor();
    // The menu follows its button in the tab order.
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).name).toBe('Home');
    await reach(page, menu.getByRole('link', { name: 'History' }));
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === '/history');
    await menu.waitFor({ state: 'detached' });
  });

  test('search the marketplace, open an item and propose an exchange for it', async () => {
    const { baseURL } = server();
    const owner = await otherMember('Olga Owner');
    const { context, page } = await openBrowser();
    await registerSignedIn(context, baseURL);
    const tag = `kb${Date.now().toString(36)}`;
    const wanted = await listItem(owner, baseURL, { title: `Sewing machine ${tag}` });
    const mine = await listItem(context, baseURL, { title: `Bread maker ${tag}` });
    await page.goto('/marketplace');

    await reach(page, page.getByRole('searchbox', { name: 'Search items...' }));
    await page.keyboard.type(`Sewing machine ${tag}`);
    await textsOf(page.getByRole('main').locator('li h2')).toEqual([wanted.title]);
    await reach(page, page.getByRole('link', { name: wanted.title }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: wanted.title }).waitFor();

    await reach(page, page.getByRole('link', { name: 'Propose Exchange' }));
    await page.keyboard.press('Enter');
    await reach(page, page.getByLabel('Message'));
    await page.keyboard.type('Would you take my bread maker and a few points?');
    await reach(page, page.getByLabel('Points to add'));
    await page.keyboard.type('5');
    const offer = page.getByLabel('Offer one of your items');
    await expect.poll(() => offer.locator('option').count(), UI_WAIT).toBe(2);
    await reach(page, offer);
    await page.keyboard.press('ArrowDown');
    expect(await offer.inputValue()).toBe(mine.id);
    await reach(page, page.getByRole('button', { name: 'Send Proposal' }));
    await page.keyboard.press('Enter');

    await toast(page, TEXT.proposals.sent).waitFor();
    await page.waitForURL('**/proposals/*');
    await page.getByRole('link', { name: mine.title }).waitFor();
    await page.getByText('5 points', { exact: true }).waitFor();
  });

  test('contact an owner and send a message', async () => {
    const { baseURL } = server();
    const owner = await otherMember('Omar Owner');
    const { context, page } = await openBrowser();
    await registerSignedIn(context, baseURL);
    const item = await listItem(owner, baseURL, { title: 'Keyboard-only chat lamp' });
    await page.goto(`/item/${item.id}`);

    await reach(page, page.getByRole('button', { name: 'Contact Owner' }));
    await page.keyboard.press('Space');
    await page.waitForURL('**/chat/*');
    await reach(page, page.getByRole('textbox', { name: 'Message' }));
    await page.keyboard.type('Is the lamp still there?');
    await page.keyboard.press('Enter');

    await textsOf(page.getByTestId('message').locator('p')).toEqual(['Is the lamp still there?']);
  });

  test('accept a proposal from the notifications, then rate the other member', async () => {
    const { baseURL } = server();
    const sender = await otherMember('Sid Sender');
    const { context, page } = await openBrowser();
    await registerSignedIn(context, baseURL);
    const item = await listItem(context, baseURL, { title: 'Keyboard-accepted kettle' });
    const proposal = await propose(sender, baseURL, { itemId: item.id, pointsOffer: 10 });
    await page.goto('/notifications');

    await reach(page, page.getByRole('main').getByRole('button', { name: 'Accept' }));
    await page.keyboard.press('Enter');
    // The confirmation opens on its safe answer; the keyboard moves on to Accept.
    const confirmation = page.getByRole('dialog', { name: 'Accept this swap?' });
    await confirmation.getByText('You give Keyboard-accepted kettle, you receive 10 points.').waitFor();
    await reach(page, confirmation.getByRole('button', { name: 'Accept' }));
    await page.keyboard.press('Enter');
    await toast(page, TEXT.proposals.accepted).waitFor();
    await page.waitForURL('**/proposals/*');
    // Rating opens once both confirm the hand-over; the open page shows the form when they have.
    await page.getByText(/once both of you have confirmed the hand-over, or from/).waitFor();
    await confirmHandover(sender, baseURL, proposal.id);
    await confirmHandover(context, baseURL, proposal.id);
    await page.getByRole('radiogroup').waitFor();

    // One stop for the whole group of stars; the arrow keys choose among them.
    await reach(page, page.getByRole('radio', { name: '1 star', exact: true }));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await reach(page, page.getByRole('button', { name: 'Submit Rating' }));
    await page.keyboard.press('Enter');

    await page.getByText('You rated 4 stars').waitFor();
  });

  test('a message arriving raises a toast a keyboard reaches with Alt+T, and its View opens the chat by Enter', async () => {
    const { baseURL } = server();
    const sender = await otherMember('Tia Toast');
    const { context, page } = await openBrowser();
    const member = await registerSignedIn(context, baseURL);
    await page.goto('/marketplace');
    await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
    await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
    const conversationId = await openConversation(sender, baseURL, member.id);

    await sendMessage(sender, baseURL, conversationId, 'Is the kettle still there?');
    const view = page.getByRole('button', { name: 'View' });
    await view.waitFor();
    await page.keyboard.press('Alt+KeyT');
    await animationsDone(page);
    await reach(page, view);
    await page.keyboard.press('Enter');

    await page.waitForURL((url) => url.pathname === `/chat/${conversationId}`);
  });

  test('the photo viewer opens from the keyboard, moves with the arrows, holds focus and gives it back', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    const photos = [await pngFile('front.png', '#aa3333'), await pngFile('back.png', '#3333aa')];
    const item = await listItem(context, server().baseURL, { title: 'Keyboard camera' }, photos);
    await page.goto(`/item/${item.id}`);

    await reach(page, page.getByRole('button', { name: 'Open photo 1 of 2 full screen' }));
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Photos of Keyboard camera' });
    await viewer.waitFor();
    expect((await focusStop(page)).name).toBe('Close');
    await page.keyboard.press('ArrowRight');
    await textsOf(viewer.getByText(/^\d of 2$/)).toEqual(['2 of 2']);
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    const opener = page.getByRole('button', { name: 'Open photo 2 of 2 full screen' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  test('the delete-account dialog opens from the keyboard, holds focus, and Escape leaves the account as it was', async () => {
    const { context, page } = await openBrowser();
    const member = await registerSignedIn(context, server().baseURL);
    await page.goto('/settings');
    const opener = page.getByRole('button', { name: 'Delete my account' });

    await reach(page, opener);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await expectDialogHoldsFocus(page, opener);

    const me = await context.request.get(`${server().baseURL}/api/me`);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(member.id);
  });

  test('a message is reported from its More menu by keyboard alone', async () => {
    const { context, page } = await openBrowser();
    const member = await registerSignedIn(context, server().baseURL, { displayName: 'Kit Keys' });
    const other = await otherMember('Rude Rory');
    const conversationId = await openConversation(other, server().baseURL, member.id);
    await sendMessage(other, server().baseURL, conversationId, 'Keyboard-reported words');
    await page.goto(`/chat/${conversationId}`);
    const more = page.getByRole('button', { name: /^More actions/ });

    await reach(page, more);
    await page.keyboard.press('Enter');
    const report = page.getByRole('button', { name: 'Report', exact: true });
    await page.keyboard.press('Tab');
    expect(await report.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this message' });
    await dialog.waitFor();
    // The first reason has focus; arrows move between the reasons, as radios do.
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByRole('radio', { name: 'Prohibited item' }).isChecked()).toBe(true);
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await tabTo(page, dialog.getByRole('button', { name: 'Send report' }));
    await page.keyboard.press('Enter');

    await expect.poll(() => toast(page, TEXT.reports.thanks).isVisible(), UI_WAIT).toBe(true);
  });

  test('the delete dialog holds focus, closes on Escape and gives focus back, deleting nothing', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    const item = await listItem(context, server().baseURL, { title: 'Dialog test drill' });
    await page.goto(`/item/${item.id}`);
    const deleteButton = page.getByRole('button', { name: 'Delete' });

    await reach(page, deleteButton);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Delete this item?' }).waitFor();

    // The safe choice has focus, so Enter alone never deletes.
    expect((await focusStop(page)).name).toBe('Cancel');
    await expectDialogHoldsFocus(page, deleteButton);

    const stillThere = await context.request.get(`${server().baseURL}/api/items/${item.id}`);
    expect(stillThere.status()).toBe(200);
  });

  test("an admin picks a member's role with the arrow keys, the confirmation holds focus, and Escape changes nothing", async () => {
    const { context, page } = await openBrowser();
    await signIn(context, server().baseURL, world().ann);
    await page.goto('/admin/members');
    const role = page.getByRole('combobox', { name: `Role of ${world().ben.displayName}` });

    await reach(page, role);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('dialog', { name: `Make ${world().ben.displayName} a moderator?` }).waitFor();

    expect((await focusStop(page)).name).toBe('Cancel');
    for (let press = 0; press < 3; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    expect(await role.inputValue()).toBe('member');
    const members = await context.request.get(`${server().baseURL}/api/admin/members?q=${encodeURIComponent(world().ben.email)}`);
    expect(((await members.json()) as { members: { role: string }[] }).members.map((member) => member.role)).toEqual(['member']);
  });

  test('the block dialog holds focus and Escape blocks nothing; confirmed from the keyboard, focus stays on what is now Unblock', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    const other = await registerMember(server().baseURL, { displayName: 'Keyboard Blockee' });
    await page.goto(`/profile/${other.id}`);
    const blockButton = page.getByRole('main').getByRole('button', { name: 'Block', exact: true });
    const blocked = async () => ((await (await context.request.get(`${server().baseURL}/api/blocks`)).json()) as { blocks: unknown[] }).blocks;

    await reach(page, blockButton);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Block Keyboard Blockee?' });
    await dialog.waitFor();
    // The safe choice has focus, so Enter alone never blocks.
    expect((await focusStop(page)).name).toBe('Cancel');
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await blockButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await blocked()).toEqual([]);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    expect((await focusStop(page)).name).toBe('Block');
    await page.keyboard.press('Enter');
    await toast(page, TEXT.blocks.blocked({ name: 'Keyboard Blockee' })).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focusStop(page)).name, UI_WAIT).toBe('Unblock');
    expect(await blocked()).toHaveLength(1);
  });

  test('the suspend dialog opens from the keyboard, holds focus, and Escape suspends nobody', async () => {
    const { context, page } = await openBrowser();
    const admin = await registerSignedIn(context, server().baseURL);
    await setRole(server(), admin.id, 'admin');
    const member = await registerMember(server().baseURL, { displayName: 'Kim Keyboard' });
    await page.goto(`/admin/members/${member.id}`);
    const opener = page.getByRole('button', { name: 'Suspend', exact: true });

    await reach(page, opener);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Suspend Kim Keyboard' }).waitFor();
    expect((await focusStop(page)).name).toBe('1 day');
    await expectDialogHoldsFocus(page, opener);

    const detail = await context.request.get(`${server().baseURL}/api/admin/members/${member.id}`);
    expect(((await detail.json()) as { member: { activeSuspension: unknown } }).member.activeSuspension).toBeNull();
  });
});
