import type { ChatMessage, MessagePage } from '@swapyard/contract';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { afterEach, expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn, type Member } from './fixtures/members.ts';
import { networkSwitch } from './fixtures/network.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const OFFLINE = 'You are offline. Using locally saved data.';
const ONLINE = 'You are back online';
const SAVED_LOCALLY = "Changes saved locally. They will sync when you're back online.";
const WAITING = 'Waiting to send';
const NEEDS_CONNECTION = "This needs a connection. Please try again when you're back online.";

const clients: APIRequestContext[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

/** Another member, through an API client of their own: lists, writes and reads as that member. */
async function otherMember(displayName: string): Promise<{ member: Member; request: APIRequestContext }> {
  const { member, api } = await registerClient(server().baseURL, { displayName });
  clients.push(api);
  return { member, request: api };
}

/** The service worker has installed the shell and controls the page, so a reload can work offline. */
async function serviceWorkerInControl(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), UI_WAIT)
    .toBe('activated');
}

/** Everything the app keeps in IndexedDB for offline use, each value as JSON. */
function savedLocally(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const opening = indexedDB.open('swapyard-offline');
        opening.onerror = () => reject(opening.error ?? new Error('IndexedDB did not open'));
        opening.onsuccess = () => {
          const db = opening.result;
          const read = db.transaction('member-data').objectStore('member-data');
          const keys = read.getAllKeys();
          const values = read.getAll();
          read.transaction.oncomplete = () => {
            db.close();
            resolve(Object.fromEntries(keys.result.map((key, index) => [String(key), JSON.stringify(values.result[index])])));
          };
        };
      }),
  );
}

/**
 * Whether the app has kept its answer to one query on the device, holding `text`. The app saves
 * what the member saw at most every half second (lib/persisted-cache.ts), and a write still under
 * way when a page unloads is lost, as browsers do not finish IndexedDB writes for a page that is
 * going away: a journey that leaves a page to find its data offline waits for it to be kept first.
 */
async function kept(page: Page, memberId: string, queryKey: unknown[], text: string): Promise<boolean> {
  const saved = (await savedLocally(page))[`cache:${memberId}`];
  if (!saved) return false;
  const { clientState } = JSON.parse(saved) as { clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } };
  const query = clientState.queries.find((candidate) => JSON.stringify(candidate.queryKey) === JSON.stringify(queryKey));
  return JSON.stringify(query?.state.data ?? null).includes(text);
}

function bubbles(page: Page): Locator {
  return page.getByTestId('message');
}

/** Whether an image has arrived and can be drawn, rather than showing as broken. */
function drawn(image: Locator): Promise<boolean> {
  return image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0);
}

async function messagesAsSeenBy(request: APIRequestContext, conversationId: string): Promise<ChatMessage[]> {
  const response = await request.get(`${server().baseURL}/api/conversations/${conversationId}/messages`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as MessagePage).messages;
}

test('offline, the pages show what was last seen, even after a reload, and a message sent meanwhile arrives once', async () => {
  const { baseURL } = server();
  const { context, page } = await openBrowser();
  const network = await networkSwitch(context);
  const reader = await registerSignedIn(context, baseURL, { displayName: 'Olive Offline' });
  const owner = await otherMember('Noah Network');
  const lamp = await listItem(owner, baseURL, { title: 'Brass reading lamp', location: 'Leeds' });
  const conversationId = await openConversation(owner, baseURL, reader.id, lamp.id);
  await sendMessage(owner, baseURL, conversationId, 'The lamp is yours if you want it');

  await page.goto('/marketplace');
  const lampCard = page.getByRole('listitem').filter({ hasText: lamp.title });
  await lampCard.waitFor();
  await serviceWorkerInControl(page);
  // What the member saw is kept on the device, under their id.
  await expect.poll(() => kept(page, reader.id, ['items', 'list', { type: 'all' }], lamp.title), UI_WAIT).toBe(true);
  await page.goto(`/chat/${conversationId}`);
  await textsOf(bubbles(page)).toEqual([expect.stringContaining('The lamp is yours if you want it')]);
  await expect
    .poll(() => kept(page, reader.id, ['conversations', 'messages', conversationId], 'The lamp is yours if you want it'), UI_WAIT)
    .toBe(true);

  await network.cut();
  await toast(page, OFFLINE).waitFor();

  // A reload offline: the service worker serves the app, the saved answers fill the page.
  await page.reload();
  await toast(page, OFFLINE).waitFor();
  await textsOf(bubbles(page)).toEqual([expect.stringContaining('The lamp is yours if you want it')]);
  await page.goto('/marketplace');
  await lampCard.waitFor();
  await expect.poll(() => drawn(lampCard.locator('img')), UI_WAIT).toBe(true);

  // A message sent offline shows at once, waiting, and is still there after another reload.
  await page.goto(`/chat/${conversationId}`);
  await page.getByRole('textbox', { name: 'Message' }).fill('I will pick it up on Saturday');
  await page.getByRole('button', { name: 'Send' }).click();
  await toast(page, SAVED_LOCALLY).waitFor();
  const waiting = bubbles(page).filter({ hasText: WAITING });
  await textsOf(waiting).toEqual([expect.stringContaining('I will pick it up on Saturday')]);
  await page.reload();
  await textsOf(waiting).toEqual([expect.stringContaining('I will pick it up on Saturday')]);
  expect((await messagesAsSeenBy(owner.request, conversationId)).map((message) => message.text)).toEqual([
    'The lamp is yours if you want it',
  ]);

  await network.restore();

  await toast(page, ONLINE).waitFor();
  await textsOf(waiting).toEqual([]);
  await textsOf(bubbles(page)).toEqual([
    expect.stringContaining('The lamp is yours if you want it'),
    expect.stringContaining('I will pick it up on Saturday'),
  ]);
  // Delivered exactly once, as the reader, and nothing is left waiting to be sent again.
  await expect.poll(() => server().openSockets(reader.id), UI_WAIT).toBeGreaterThan(0);
  const received = await messagesAsSeenBy(owner.request, conversationId);
  expect(received.map((message) => [message.senderId, message.text])).toEqual([
    [owner.member.id, 'The lamp is yours if you want it'],
    [reader.id, 'I will pick it up on Saturday'],
  ]);
  await expect.poll(async () => (await savedLocally(page))[`queue:${reader.id}`] ?? '[]', UI_WAIT).toBe('[]');
});

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s offline, a page never opened says so instead of spinning, and a failed action raises one toast that says why', async (_, viewport) => {
  const { baseURL } = server();
  const { context, page } = await openBrowser({ viewport });
  const network = await networkSwitch(context);
  await registerSignedIn(context, baseURL);
  const owner = await otherMember('Noah Network');
  const bike = await listItem(owner, baseURL, { title: 'Balance bike' });
  await page.goto(`/propose-exchange/${bike.id}`);
  await page.getByLabel('Message').fill('Would love it for my niece');
  await page.getByLabel('Points to add').fill('5');
  await serviceWorkerInControl(page);

  await network.cut();
  await toast(page, OFFLINE).waitFor();
  await page.getByRole('button', { name: 'Send Proposal' }).click();
  const failure = page.locator('[data-sonner-toast]').filter({ hasText: 'Failed to send proposal' });
  await textsOf(failure).toEqual([expect.stringContaining(NEEDS_CONNECTION)]);
  expect(await page.locator('[data-sonner-toast]').filter({ hasText: NEEDS_CONNECTION }).count()).toBe(1);
  expect(new URL(page.url()).pathname).toBe(`/propose-exchange/${bike.id}`);

  // The service worker serves the app, but nothing of this page was ever fetched.
  await page.goto('/history');
  await textsOf(page.getByRole('status').filter({ hasText: 'Not available offline' })).toEqual([
    expect.stringContaining('It loads as soon as you are back online.'),
  ]);
  await network.restore();
  await page.getByText('Signup bonus').waitFor();
});

test('signing out leaves none of the member’s data on the device', async () => {
  const { baseURL } = server();
  const { context, page } = await openBrowser();
  const member = await registerSignedIn(context, baseURL);
  const neighbour = await otherMember('Nina Neighbour');
  await listItem(neighbour, baseURL, { title: 'Garden bench' });
  await page.goto('/marketplace');
  await page.getByRole('listitem').filter({ hasText: 'Garden bench' }).locator('img').waitFor();
  await serviceWorkerInControl(page);
  await page.reload();
  await expect.poll(() => drawn(page.getByRole('listitem').filter({ hasText: 'Garden bench' }).locator('img')), UI_WAIT).toBe(true);
  await expect.poll(async () => (await savedLocally(page))[`cache:${member.id}`] ?? '', UI_WAIT).toContain('Garden bench');
  await expect.poll(() => page.evaluate(() => caches.has('swapyard-images')), UI_WAIT).toBe(true);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');

  await expect.poll(() => savedLocally(page), UI_WAIT).toEqual({});
  expect(await page.evaluate(() => caches.has('swapyard-images'))).toBe(false);
});
