import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import { expect, onTestFinished, test } from 'vitest';
import { apiChange } from './fixtures/api.ts';
import { DESKTOP, PHONE, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerClient, registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { acceptProposal, propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

test.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('on a %s, a listing saved from the marketplace is on Favourites, and its new value and its swap are told live', async (_size, viewport) => {
  const tag = randomUUID().slice(0, 8);
  const { baseURL } = server();
  const ben = await registerClient(baseURL, { displayName: 'Ben Owner' });
  const cara = await registerClient(baseURL, { displayName: 'Cara Taker' });
  onTestFinished(() => Promise.all([ben.api.dispose(), cara.api.dispose()]).then(() => undefined));
  const owner = { request: ben.api };
  const title = `Canoe ${tag}`;
  const canoe = await listItem(owner, baseURL, { title, value: '40' });
  const ann = await openBrowser({ viewport });
  const annMember = await registerSignedIn(ann.context, baseURL, { displayName: 'Ann Saver' });

  // Saved from its marketplace card: the heart is a toggle, pressed and named Saved.
  await ann.page.goto(`/marketplace?q=${tag}`);
  const card = ann.page.getByRole('main').getByRole('listitem').filter({ has: ann.page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  const saved = card.getByRole('button', { name: 'Saved', exact: true });
  await expect.poll(() => saved.getAttribute('aria-pressed'), UI_WAIT).toBe('true');

  await ann.page.goto('/favourites');
  const favourite = ann.page.getByRole('main').getByRole('listitem').filter({ has: ann.page.getByRole('heading', { name: title }) });
  await favourite.getByRole('button', { name: 'Saved', exact: true }).waitFor();
  await favourite.getByText('40 points').waitFor();
  await expect.poll(() => server().openSockets(annMember.id), UI_WAIT).toBeGreaterThan(0);

  // Ben asks more points for it: Ann is told at once, and her Favourites show the new value.
  const form = new FormData();
  for (const [name, value] of Object.entries({ title, description: 'Two seats, paddles included.', category: 'Sports', value: '55', location: 'Bristol' })) {
    form.append(name, value);
  }
  await apiChange(owner, baseURL, `/api/items/${canoe.id}`, { method: 'PUT', multipart: form });
  await toast(ann.page, TEXT.favourites.valueChangedTitle).waitFor();
  await favourite.getByText('55 points').waitFor();

  // Ben swaps it with Cara: Ann is told, and the card stays on her Favourites, marked Swapped.
  const proposal = await propose({ request: cara.api }, baseURL, { itemId: canoe.id, pointsOffer: 0, message: 'For the lake?' });
  await acceptProposal(owner, baseURL, proposal.id);
  await toast(ann.page, TEXT.favourites.swappedTitle).waitFor();
  await favourite.getByText('Swapped', { exact: true }).waitFor();
});
