import { TEXT } from '@swapyard/contract';
import { expect, onTestFinished, test } from 'vitest';
import { PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { confirmHandover, propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

test('a proposal of 30 points, accepted from the notifications, moves the points live and rated both ways', async () => {
  const ann = await openBrowser();
  const ben = await openBrowser();
  const annMember = await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Owner' });
  const benMember = await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Sender' });
  const item = await listItem(ann.context, server().baseURL, { title: 'Swap journey kayak' });
  const annPoints = ann.page.getByRole('complementary').getByTestId('points-balance');
  const benPoints = ben.page.getByRole('complementary').getByTestId('points-balance');

  await ann.page.goto('/notifications');
  await expect.poll(() => server().openSockets(annMember.id), UI_WAIT).toBeGreaterThan(0);

  await ben.page.goto(`/item/${item.id}`);
  await ben.page.getByRole('link', { name: 'Propose Exchange' }).click();
  await ben.page.getByLabel('Message').fill('Would love it for the lake');
  await ben.page.getByLabel('Points to add').fill('30');
  await ben.page.getByRole('button', { name: 'Send Proposal' }).click();
  await toast(ben.page, TEXT.proposals.sent).waitFor();
  await ben.page.waitForURL('**/proposals/*');
  await expect.poll(() => server().openSockets(benMember.id), UI_WAIT).toBeGreaterThan(0);

  // Ann's open notifications page shows it without a reload, and the navigation counts it.
  const notification = ann.page.getByRole('main').getByRole('listitem').filter({ hasText: TEXT.notifications.newProposal });
  await notification.waitFor();
  await textsOf(ann.page.getByTestId('unread-notifications')).toEqual([expect.stringContaining('1')]);
  // Accept asks first, saying what moves; "Not yet" moves nothing.
  await notification.getByRole('button', { name: 'Accept' }).click();
  const confirmation = ann.page.getByRole('dialog', { name: 'Accept this swap?' });
  await textsOf(confirmation.locator('p')).toEqual(['You give Swap journey kayak, you receive 30 points.']);
  await confirmation.getByRole('button', { name: 'Not yet' }).click();
  await confirmation.waitFor({ state: 'hidden' });
  await textsOf(annPoints).toEqual(['100 points']);
  await notification.getByRole('button', { name: 'Accept' }).click();
  await confirmation.getByRole('button', { name: 'Accept' }).click();
  await toast(ann.page, TEXT.proposals.accepted).waitFor();
  await ann.page.waitForURL('**/proposals/*');

  await textsOf(annPoints).toEqual(['130 points']);
  await textsOf(benPoints).toEqual(['70 points']);

  await ben.page.goto('/marketplace');
  await ben.page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  await expect
    .poll(async () => (await ben.page.getByRole('main').locator('li h2').allInnerTexts()).includes('Swap journey kayak'), UI_WAIT)
    .toBe(false);

  // Both sides confirm the hand-over, which opens rating.
  const proposalId = new URL(ann.page.url()).pathname.split('/').pop()!;
  await confirmHandover(ann.context, server().baseURL, proposalId);
  await confirmHandover(ben.context, server().baseURL, proposalId);

  for (const [page, stars, comment] of [
    [ann.page, '5 stars', 'Paid on the dot, kayak found a good home'],
    [ben.page, '4 stars', ''],
  ] as const) {
    const proposalUrl = ann.page.url();
    await page.goto(proposalUrl);
    await page.getByRole('radio', { name: stars }).check();
    await page.getByLabel('Comment (optional)').fill(comment);
    await page.getByRole('button', { name: 'Submit Rating' }).click();
    await page.getByText(`You rated ${stars}`).waitFor();
  }
  // Each side sees its own words on the proposal, and the rated member's profile shows them to everyone.
  await textsOf(ann.page.getByTestId('own-rating-comment')).toEqual(['Paid on the dot, kayak found a good home']);
  await expect(ben.page.getByTestId('own-rating-comment').count()).resolves.toBe(0);

  await ben.page.goto(`/profile/${annMember.id}`);
  await ben.page.getByText(/4(\.0)? \(1 rating\)/).waitFor();
  await textsOf(ben.page.getByTestId('received-rating')).toEqual([expect.stringMatching(/^4 of 5 stars\s*Ben Sender/)]);
  await ann.page.goto(`/profile/${benMember.id}`);
  await ann.page.getByText(/5(\.0)? \(1 rating\)/).waitFor();
  await textsOf(ann.page.getByTestId('received-rating')).toEqual([
    expect.stringMatching(/^5 of 5 stars\s*Ann Owner.*\s*Paid on the dot, kayak found a good home$/s),
  ]);

  await ben.page.goto('/history');
  await ben.page.getByText('Paid for Swap journey kayak').waitFor();
  await ben.page.getByText('Balance: 70 points').waitFor();
  await ben.page.getByText('Signup bonus').waitFor();
});

test('declining from the proposal page tells the sender, and nothing moves', async () => {
  const ann = await openBrowser();
  const ben = await openBrowser();
  await registerSignedIn(ann.context, server().baseURL);
  const benMember = await registerSignedIn(ben.context, server().baseURL);
  const item = await listItem(ann.context, server().baseURL, { title: 'Declined drill' });
  const proposed = await ben.context.request.post(`${server().baseURL}/api/proposals`, {
    headers: { origin: server().baseURL },
    data: { itemId: item.id, message: 'Please?', pointsOffer: 10, offerItemId: null },
  });
  const { proposal } = (await proposed.json()) as { proposal: { id: string } };
  await ben.page.goto('/notifications');
  await expect.poll(() => server().openSockets(benMember.id), UI_WAIT).toBeGreaterThan(0);

  await ann.page.goto(`/proposals/${proposal.id}`);
  await ann.page.getByRole('button', { name: 'Decline' }).click();
  await toast(ann.page, TEXT.proposals.declined).waitFor();

  await ben.page.getByText(TEXT.notifications.proposalDeclined).waitFor();
  const stillListed = await ben.context.request.get(`${server().baseURL}/api/items/${item.id}`);
  expect(((await stillListed.json()) as { item: { status: string } }).item.status).toBe('available');
  await ben.page.goto('/');
  await textsOf(ben.page.getByRole('complementary').getByTestId('points-balance')).toEqual(['100 points']);
});

test('on a phone, Propose Exchange for an item already proposed for says so at once and links to that proposal', async () => {
  const { api: owner } = await registerClient(server().baseURL);
  onTestFinished(() => owner.dispose());
  const item = await listItem({ request: owner }, server().baseURL, { title: 'Twice-wanted tent' });
  const ben = await openBrowser({ viewport: PHONE });
  await registerSignedIn(ben.context, server().baseURL);
  const first = await propose(ben.context, server().baseURL, { itemId: item.id, pointsOffer: 5 });

  await ben.page.goto(`/propose-exchange/${item.id}`);

  await textsOf(ben.page.getByRole('main').getByRole('alert')).toEqual([TEXT.proposals.duplicate]);
  expect(await ben.page.getByLabel('Message').count()).toBe(0);
  await ben.page.getByRole('link', { name: 'View your proposal' }).click();
  await ben.page.waitForURL(`**/proposals/${first.id}`);
});
