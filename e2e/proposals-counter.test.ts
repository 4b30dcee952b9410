import { randomUUID } from 'node:crypto';
import { TEXT } from '@swapyard/contract';
import { expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a counter-offer accepted after one round moves the countered terms, live on both sides', async (_size, viewport) => {
  const tag = randomUUID().slice(0, 8);
  const ann = await openBrowser({ viewport });
  const ben = await openBrowser({ viewport });
  const annMember = await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Owner' });
  const benMember = await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Sender' });
  const kayak = await listItem(ann.context, server().baseURL, { title: `Kayak ${tag}` });
  const torch = await listItem(ben.context, server().baseURL, { title: `Torch ${tag}`, value: '15' });
  const first = await propose(ben.context, server().baseURL, { itemId: kayak.id, pointsOffer: 10, message: 'Ten points?' });

  await ann.page.goto(`/proposals/${first.id}`);
  await ben.page.goto(`/proposals/${first.id}`);
  await ben.page.getByText(`Waiting for Ann Owner`).waitFor();
  await expect.poll(() => server().openSockets(benMember.id), UI_WAIT).toBeGreaterThan(0);
  await expect.poll(() => server().openSockets(annMember.id), UI_WAIT).toBeGreaterThan(0);

  // Ann answers with her own terms: more points, and Ben's torch too.
  await ann.page.getByText('Your answer is needed').waitFor();
  await ann.page.getByRole('button', { name: 'Counter-offer' }).click();
  const dialog = ann.page.getByRole('dialog', { name: 'Make a counter-offer' });
  await dialog.getByLabel('Points asked').fill('40');
  await dialog.getByRole('option', { name: `Torch ${tag} (15 points)` }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Item wanted from them').selectOption(torch.id);
  await dialog.getByLabel('Message').fill('Forty and the torch');
  await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
  await toast(ann.page, TEXT.proposals.countered).waitFor();
  await ann.page.waitForURL((url) => url.pathname.startsWith('/proposals/') && !url.pathname.endsWith(first.id));
  await ann.page.getByText('Waiting for Ben Sender').waitFor();

  // Ben's open page learns of it without a reload, and leads to the counter.
  await ben.page.getByText('This offer was answered with a counter-offer.').waitFor();
  await textsOf(ben.page.getByRole('main').getByRole('heading', { level: 1 }).locator('xpath=..')).toEqual([expect.stringContaining('Countered')]);
  await ben.page.getByRole('link', { name: 'See the latest offer' }).click();
  await ben.page.getByText('Your answer is needed').waitFor();
  const thread = ben.page.getByRole('list', { name: 'Offers so far' }).getByRole('listitem');
  await textsOf(thread).toEqual([
    expect.stringMatching(/^Offer from Ann Owner\s*Pending.*40 points and Torch .*Forty and the torch/s),
    expect.stringMatching(/^Your offer\s*Countered.*10 points.*Ten points\?/s),
  ]);

  await ben.page.getByRole('button', { name: 'Accept' }).click();
  const confirmation = ben.page.getByRole('dialog', { name: 'Accept this swap?' });
  await textsOf(confirmation.locator('p')).toEqual([`You give 40 points and Torch ${tag}, you receive Kayak ${tag}.`]);
  await confirmation.getByRole('button', { name: 'Accept' }).click();
  await toast(ben.page, TEXT.proposals.accepted).waitFor();

  // Ann's open page says so at once.
  await ann.page.getByRole('main').getByText('Accepted', { exact: true }).first().waitFor();
  await ann.page.getByRole('button', { name: 'Counter-offer' }).waitFor({ state: 'detached' });

  const read = async <T>(context: typeof ann.context, path: string) =>
    (await (await context.request.get(`${server().baseURL}${path}`)).json()) as T;
  expect((await read<{ user: { points: number } }>(ann.context, '/api/me')).user.points).toBe(140);
  expect((await read<{ user: { points: number } }>(ben.context, '/api/me')).user.points).toBe(60);
  for (const item of [kayak, torch]) {
    expect((await read<{ item: { status: string } }>(ann.context, `/api/items/${item.id}`)).item.status).toBe('swapped');
  }
});
