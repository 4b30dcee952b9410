import type { ItemDetail } from '@swapyard/contract';
import { beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, signIn, type Member } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { acceptProposal, confirmHandover, propose, rateProposal } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** Olga has swapped once, been rated 4 stars and answered Ben five times; Nina has just joined. */
let ben: Member;
let olgasLamp: ItemDetail;
let olga: Member;
let ninasChair: ItemDetail;

beforeAll(async () => {
  const { baseURL } = server();
  const clients = await Promise.all(
    ['Olga Owner', 'Ben Buyer', 'Nina Newcomer'].map((displayName) => registerClient(baseURL, { displayName })),
  );
  const [asOlga, asBen, asNina] = clients.map(({ api }) => ({ request: api }));
  [olga, ben] = clients.map(({ member }) => member) as [Member, Member];
  try {
    const olgasStove = await listItem(asOlga!, baseURL, { title: 'Camping stove' });
    olgasLamp = await listItem(asOlga!, baseURL, { title: 'Brass reading lamp' });
    ninasChair = await listItem(asNina!, baseURL, { title: 'Rocking chair' });
    const proposal = await propose(asBen!, baseURL, { itemId: olgasStove.id, pointsOffer: 20 });
    await acceptProposal(asOlga!, baseURL, proposal.id);
    await confirmHandover(asBen!, baseURL, proposal.id);
    await confirmHandover(asOlga!, baseURL, proposal.id);
    await rateProposal(asBen!, baseURL, proposal.id, 4, 'Stove works a treat');
    const conversationId = await openConversation(asBen!, baseURL, olga.id, olgasLamp.id);
    for (let turn = 1; turn <= 5; turn += 1) {
      await sendMessage(asBen!, baseURL, conversationId, `Question ${String(turn)}`);
      await sendMessage(asOlga!, baseURL, conversationId, `Answer ${String(turn)}`);
    }
  } finally {
    await Promise.all(clients.map(({ api }) => api.dispose()));
  }
});

const inView = (element: Element) => {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= window.innerHeight;
};

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
])('trust on a %s', (_size, viewport) => {
  test("an item page shows its owner's trust, latest comments and a link to their ratings; a newcomer's shows no swaps and no ratings", async () => {
    const { page, context } = await openBrowser({ viewport });
    await signIn(context, server().baseURL, ben);
    const memberSince = `Member since ${await page.evaluate(() => new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(new Date()))}`;

    await page.goto(`/item/${olgasLamp.id}`);
    const trust = page.getByRole('main').getByTestId('member-trust');
    const olgasTrust = [memberSince, '1 completed swap', '4 (1 rating)', 'Usually replies within an hour'];
    await textsOf(trust.getByRole('listitem')).toEqual(olgasTrust);
    // The latest words of her swap partners, beside the listing.
    await textsOf(page.getByTestId('owner-comment')).toEqual([expect.stringMatching(/4 of 5 stars\s*Ben Buyer\s*\W?Stove works a treat/)]);

    await trust.getByRole('link', { name: '4 (1 rating)' }).click();
    await page.waitForURL(`**/profile/${olga.id}#ratings`);
    await textsOf(page.getByTestId('received-rating')).toEqual([expect.stringContaining('Stove works a treat')]);
    // The ratings arrive after the page, so the browser's own jump to #ratings finds nothing: the page brings them into view.
    const ratingsHeading = page.getByRole('heading', { name: 'Ratings' });
    await expect.poll(() => ratingsHeading.evaluate(inView)).toBe(true);
    await textsOf(page.getByRole('main').getByTestId('member-trust').getByRole('listitem')).toEqual(olgasTrust);

    await page.goto(`/item/${ninasChair.id}`);
    await textsOf(trust.getByRole('listitem')).toEqual([memberSince, '0 completed swaps', 'No ratings yet']);
    expect(await trust.getByRole('link').count()).toBe(0);
    expect(await page.getByTestId('owner-comment').count()).toBe(0);
  });
});
