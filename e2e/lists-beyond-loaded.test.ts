import type { APIRequestContext, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerMember, signIn, type Member } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { acceptProposal, propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** The Messages page loads 30 conversations at first: one more puts the oldest past them. */
const NEWER_CONVERSATIONS = 31;
/** A whole first page of a member's items (24): the one still available comes after them. */
const SWAPPED_ITEMS = 24;
/** A chat shows its newest 30 messages at first: the first of 31 comes with the next page. */
const CHAT_MESSAGES = 31;

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

let vera: Member;
let kiteId: string;
let longChatId: string;

/*
 * Vera wrote to Otto first, about a compass, and to 31 neighbours since; she listed a lamp, then
 * 24 things Otto took for a point each, and told Pia a story in 31 messages. Seeded once: both
 * screen sizes read the same data.
 */
beforeAll(async () => {
  const { baseURL } = server();
  const clients: APIRequestContext[] = [];
  try {
    const veraClient = await registerClient(baseURL, { displayName: 'Vera Lookback' });
    clients.push(veraClient.api);
    const ottoClient = await registerClient(baseURL, { displayName: 'Otto Early' });
    clients.push(ottoClient.api);
    vera = veraClient.member;
    const asVera = { request: veraClient.api };
    const asOtto = { request: ottoClient.api };

    const first = await openConversation(asVera, baseURL, ottoClient.member.id);
    await sendMessage(asVera, baseURL, first, 'Do you still have the brass compass?');
    await sendMessage(asOtto, baseURL, first, 'Yes, see you on Sunday');
    for (let i = 1; i <= NEWER_CONVERSATIONS; i++) {
      const neighbour = await registerMember(baseURL, { displayName: `Neighbour ${String(i)}` });
      await sendMessage(asVera, baseURL, await openConversation(asVera, baseURL, neighbour.id), `Hello neighbour ${String(i)}`);
    }

    await listItem(asVera, baseURL, { title: 'Brass desk lamp', value: '20' });
    kiteId = (await listItem(asOtto, baseURL, { title: 'Stunt kite', value: '15' })).id;
    for (let i = 1; i <= SWAPPED_ITEMS; i++) {
      const item = await listItem(asVera, baseURL, { title: `Swapped away ${String(i)}`, value: '1' });
      const proposal = await propose(asOtto, baseURL, { itemId: item.id, pointsOffer: 1 });
      await acceptProposal(asVera, baseURL, proposal.id);
    }

    const pia = await registerMember(baseURL, { displayName: 'Pia Listener' });
    longChatId = await openConversation(asVera, baseURL, pia.id);
    for (let i = 1; i <= CHAT_MESSAGES; i++) await sendMessage(asVera, baseURL, longChatId, `Chapter ${String(i)} of the story`);
  } finally {
    await Promise.all(clients.map((client) => client.dispose()));
  }
});

async function signedInAsVera(viewport: (typeof VIEWPORTS)[number][1]): Promise<Page> {
  const { context, page } = await openBrowser({ viewport });
  await signIn(context, server().baseURL, vera);
  return page;
}

test.each(VIEWPORTS)('on a %s, the Messages search finds a conversation older than those loaded, by an old message', async (_, viewport) => {
  const page = await signedInAsVera(viewport);
  await page.goto('/messages');
  const rows = page.getByRole('main').locator('a[href^="/chat/"]');
  await expect.poll(() => rows.count(), UI_WAIT).toBe(30);
  expect(await rows.filter({ hasText: 'Otto Early' }).count()).toBe(0);
  const search = page.getByRole('searchbox', { name: 'Search conversations' });

  // Neither Otto's name nor his last message says it: only Vera's first message does.
  await search.fill('BRASS compass');
  await textsOf(rows).toEqual([expect.stringMatching(/Otto Early[\s\S]*Yes, see you on Sunday/)]);

  // Results come a page at a time, like the list, and the next page loads as the reader nears it.
  await search.fill('hello neighbour');
  await expect.poll(() => rows.count(), UI_WAIT).toBe(30);
  await rows.last().scrollIntoViewIfNeeded();
  await expect.poll(() => rows.count(), UI_WAIT).toBe(NEWER_CONVERSATIONS);

  await search.fill('no such conversation');
  await page.getByText('No conversations match your search.', { exact: true }).waitFor();
  expect(await rows.count()).toBe(0);
});

test.each(VIEWPORTS)("on a %s, the offer picker lists the member's available items, past a page of swapped ones", async (_, viewport) => {
  const page = await signedInAsVera(viewport);
  await page.goto(`/propose-exchange/${kiteId}`);

  await textsOf(page.getByLabel('Offer one of your items').locator('option')).toEqual(['No item', 'Brass desk lamp (20 points)']);
  expect(await page.getByRole('button', { name: 'Show more of your items' }).count()).toBe(0);
});

test.each(VIEWPORTS)('on a %s, the chat brings its older messages as the reader scrolls up to them', async (_, viewport) => {
  const page = await signedInAsVera(viewport);
  await page.goto(`/chat/${longChatId}`);
  const main = page.getByRole('main');
  await main.getByText(`Chapter ${String(CHAT_MESSAGES)} of the story`, { exact: true }).waitFor();

  // The first chapter is not in the first page: it is on screen only once the next one has come.
  await main.getByRole('button', { name: 'Load older messages' }).scrollIntoViewIfNeeded();
  await main.getByText('Chapter 1 of the story', { exact: true }).waitFor();
  await expect.poll(() => main.getByRole('button', { name: 'Load older messages' }).count(), UI_WAIT).toBe(0);
  await textsOf(main.getByText(/^Chapter \d+ of the story$/).first()).toEqual(['Chapter 1 of the story']);
});
