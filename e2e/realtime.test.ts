import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { appendEntry } from '../server/src/modules/points/repository.ts';
import { PHONE, UI_WAIT, textsOf, useBrowsers } from './fixtures/browser.ts';
import { registerSignedIn, type Member } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** What a swap does to a balance: a ledger entry, committed, then announced to the member's tabs. */
async function receivePoints(member: Member, amount: number): Promise<number> {
  const { database, points } = server().app.services;
  const balance = await database.db.transaction((tx) =>
    appendEntry(tx, { userId: member.id, amount, reason: 'swap_received' }),
  );
  await points.announce([{ userId: member.id, points: balance }]);
  return balance;
}

/** Marks the loaded document, so a later check can tell an in-place update from a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.assign(window, { swapyardE2eDocument: 'original' });
  });
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Reflect.get(window, 'swapyardE2eDocument') === 'original');
}

/** The page is showing the member and its socket has joined their room, so no event can slip past. */
async function openLive(page: Page, member: Member): Promise<void> {
  await page.goto('/');
  await page.getByTestId('member-name').waitFor();
  await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
}

test('points received while the dashboard is open show in the sidebar at once, without a reload', async () => {
  const { context, page } = await openBrowser();
  const member = await registerSignedIn(context, server().baseURL);
  await openLive(page, member);
  const balance = page.getByRole('complementary').getByTestId('points-balance');
  await textsOf(balance).toEqual(['100 points']);
  await markDocument(page);

  expect(await receivePoints(member, 25)).toBe(125);

  await textsOf(balance).toEqual(['125 points']);
  expect(await isSameDocument(page)).toBe(true);
});

test('the phone top bar follows the balance too', async () => {
  const { context, page } = await openBrowser({ viewport: PHONE });
  const member = await registerSignedIn(context, server().baseURL);
  await page.goto('/');
  await page.getByRole('banner').getByTestId('points-balance').waitFor();
  await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
  await markDocument(page);

  await receivePoints(member, 1);

  await textsOf(page.getByRole('banner').getByTestId('points-balance')).toEqual(['101 points']);
  expect(await isSameDocument(page)).toBe(true);
});

test("one member's points reach only that member's tabs", async () => {
  const first = await openBrowser();
  const second = await openBrowser();
  const bystanderFrames: string[] = [];
  second.page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => bystanderFrames.push(payload.toString()));
  });
  const receiver = await registerSignedIn(first.context, server().baseURL);
  const bystander = await registerSignedIn(second.context, server().baseURL);
  await openLive(first.page, receiver);
  await openLive(second.page, bystander);

  await receivePoints(receiver, 25);
  await textsOf(first.page.getByTestId('points-balance')).toEqual(['125 points']);
  await receivePoints(bystander, 5);

  await textsOf(second.page.getByTestId('points-balance')).toEqual(['105 points']);
  await expect.poll(() => bystanderFrames.some((frame) => frame.includes(bystander.id)), UI_WAIT).toBe(true);
  // A socket delivers in order: had the receiver's balance been sent here, it would have arrived first.
  expect(bystanderFrames.filter((frame) => frame.includes(receiver.id))).toEqual([]);
});

test('signing out in one tab sends the other tabs of that session to /login', async () => {
  const { context, page } = await openBrowser();
  const member = await registerSignedIn(context, server().baseURL);
  await openLive(page, member);
  const otherTab = await context.newPage();
  await otherTab.goto('/marketplace');
  await otherTab.getByTestId('member-name').waitFor();
  await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBe(2);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');

  // Nobody touches the other tab: only the server's word can move it.
  await otherTab.waitForURL((url) => url.pathname === '/login');
  await otherTab.getByRole('button', { name: 'Sign in' }).waitFor();
});
