import { randomUUID } from 'node:crypto';
import { TEXT } from '@swapyard/contract';
import { expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a proposal accepted from the chat about the item shows Accepted in the other side’s chat at once', async (_size, viewport) => {
  const tag = randomUUID().slice(0, 8);
  const ann = await openBrowser({ viewport });
  const ben = await openBrowser({ viewport });
  const annMember = await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Owner' });
  const benMember = await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Sender' });
  const lamp = await listItem(ann.context, server().baseURL, { title: `Lamp ${tag}` });
  const proposal = await propose(ben.context, server().baseURL, { itemId: lamp.id, pointsOffer: 10, message: `Ten points? ${tag}` });
  const conversationId = await openConversation(ben.context, server().baseURL, annMember.id, lamp.id);
  await sendMessage(ben.context, server().baseURL, conversationId, `I have just sent you an offer ${tag}`);

  await ann.page.goto(`/chat/${conversationId}`);
  await ben.page.goto(`/chat/${conversationId}`);
  const annCard = ann.page.getByRole('article', { name: 'Offer from Ben Sender' });
  const benCard = ben.page.getByRole('article', { name: 'Your offer' });
  await textsOf(annCard.locator(':scope > p')).toEqual([`10 points for Lamp ${tag}`, `Ten points? ${tag}`, expect.any(String)]);
  await annCard.getByText('Pending', { exact: true }).waitFor();
  await benCard.getByRole('button', { name: 'Cancel Proposal' }).waitFor();
  // The offer sits where it was made: before the message that came after it.
  await textsOf(ann.page.getByRole('main').locator('[data-testid="proposal-card"], [data-testid="message"]')).toEqual([
    expect.stringContaining('Offer from Ben Sender'),
    expect.stringContaining(`I have just sent you an offer ${tag}`),
  ]);
  await expect.poll(() => server().openSockets(benMember.id), UI_WAIT).toBeGreaterThan(0);
  await expect.poll(() => server().openSockets(annMember.id), UI_WAIT).toBeGreaterThan(0);

  await annCard.getByRole('button', { name: 'Accept' }).click();
  const confirmation = ann.page.getByRole('dialog', { name: 'Accept this swap?' });
  await textsOf(confirmation.locator('p')).toEqual([`You give Lamp ${tag}, you receive 10 points.`]);
  await confirmation.getByRole('button', { name: 'Accept' }).click();
  await toast(ann.page, TEXT.proposals.accepted).waitFor();
  await annCard.getByText('Accepted', { exact: true }).waitFor();
  await annCard.getByRole('button', { name: 'Accept' }).waitFor({ state: 'detached' });

  // Ben's chat, open all along, says so without a reload, and his Cancel is gone.
  await benCard.getByText('Accepted', { exact: true }).waitFor();
  await benCard.getByRole('button', { name: 'Cancel Proposal' }).waitFor({ state: 'detached' });

  // The card leads to the proposal page, and the page's Message leads back to this chat.
  await benCard.getByRole('link', { name: 'View proposal' }).click();
  await ben.page.waitForURL((url) => url.pathname === `/proposals/${proposal.id}`);
  await ben.page.getByRole('button', { name: 'Message Ann Owner' }).click();
  await ben.page.waitForURL((url) => url.pathname === `/chat/${conversationId}`);
  await ben.page.getByRole('article', { name: 'Your offer' }).getByText('Accepted', { exact: true }).waitFor();
});

test('from the chat, Counter-offer opens the proposal page’s form, and the other side’s Cancel shows Cancelled at once', async () => {
  const tag = randomUUID().slice(0, 8);
  const ann = await openBrowser();
  const ben = await openBrowser();
  const annMember = await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Owner' });
  const benMember = await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Sender' });
  const lamp = await listItem(ann.context, server().baseURL, { title: `Lamp ${tag}` });
  const proposal = await propose(ben.context, server().baseURL, { itemId: lamp.id, pointsOffer: 5, message: `Five? ${tag}` });
  const conversationId = await openConversation(ann.context, server().baseURL, benMember.id, lamp.id);

  await ann.page.goto(`/chat/${conversationId}`);
  await ann.page.getByRole('article', { name: 'Offer from Ben Sender' }).getByRole('link', { name: 'Counter-offer' }).click();
  await ann.page.waitForURL((url) => url.pathname === `/proposals/${proposal.id}`);
  const form = ann.page.getByRole('dialog', { name: 'Make a counter-offer' });
  await form.getByLabel('Points asked').waitFor();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await form.waitFor({ state: 'hidden' });

  await ann.page.goto(`/chat/${conversationId}`);
  const annCard = ann.page.getByRole('article', { name: 'Offer from Ben Sender' });
  await annCard.getByText('Pending', { exact: true }).waitFor();
  await ben.page.goto(`/chat/${conversationId}`);
  await expect.poll(() => server().openSockets(annMember.id), UI_WAIT).toBeGreaterThan(0);

  const benCard = ben.page.getByRole('article', { name: 'Your offer' });
  await benCard.getByRole('button', { name: 'Cancel Proposal' }).click();
  await ben.page.getByRole('dialog', { name: 'Cancel this proposal?' }).getByRole('button', { name: 'Cancel Proposal' }).click();
  await toast(ben.page, TEXT.proposals.cancelled).waitFor();
  await benCard.getByText('Cancelled', { exact: true }).waitFor();

  await annCard.getByText('Cancelled', { exact: true }).waitFor();
  await annCard.getByRole('button', { name: 'Accept' }).waitFor({ state: 'detached' });
});
