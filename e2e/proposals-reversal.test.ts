import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem, pngFile } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { setRole, useServer } from './fixtures/server.ts';
import { acceptProposal, propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const main = (page: Page) => page.getByRole('main');
// The sidebar's balance on a desktop, the menu bar's on a phone: whichever shows.
const balance = (page: Page) => page.locator('[data-testid="points-balance"]:visible');
// Above zero once the thumbnail really loaded: the member's session may read it.
const naturalWidth = (image: Locator) => image.evaluate((element: HTMLImageElement) => element.naturalWidth);

describe('a reported no-show, reversed by a moderator', () => {
  test.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('at %s size: the sender reports it, the moderator reverses it, and both members see points and items back live', async (_size, viewport) => {
    const tag = randomUUID().slice(0, 8);
    const ann = await openBrowser({ viewport });
    const ben = await openBrowser({ viewport });
    const mod = await openBrowser({ viewport });
    const annMember = await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Owner' });
    const benMember = await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Sender' });
    const modMember = await registerSignedIn(mod.context, server().baseURL, { displayName: 'Mo Moderator' });
    await setRole(server(), modMember.id, 'moderator');
    const title = `Reversal lamp ${tag}`;
    const offeredTitle = `Reversal kettle ${tag}`;
    const item = await listItem(ann.context, server().baseURL, { title });
    const offered = await listItem(ben.context, server().baseURL, { title: offeredTitle });
    const proposal = await propose(ben.context, server().baseURL, { itemId: item.id, pointsOffer: 25, offerItemId: offered.id });
    await acceptProposal(ann.context, server().baseURL, proposal.id);

    for (const [page, member, points] of [
      [ann.page, annMember, '125 points'],
      [ben.page, benMember, '75 points'],
    ] as const) {
      await page.goto(`/proposals/${proposal.id}`);
      await main(page).getByRole('heading', { name: 'A problem with this swap?' }).waitFor();
      await textsOf(balance(page)).toEqual([points]);
      await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
    }

    // Ben reports that Ann did not show up; the dialog wants a reason first.
    await main(ben.page).getByRole('button', { name: 'Report a problem with this swap' }).click();
    const dialog = ben.page.getByRole('dialog', { name: 'Report a problem with this swap' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(TEXT.swapProblems.reasonRequired).waitFor();
    await dialog.getByLabel('What went wrong?').selectOption('no_show');
    await dialog.getByLabel('Note').fill(`Waited an hour at the station ${tag}`);
    await dialog.getByLabel('Photos (optional)').setInputFiles(await pngFile('empty-platform.png'));
    await dialog.getByText('Up to 4 photos: 1 chosen.').waitFor();
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await toast(ben.page, TEXT.swapProblems.reported).waitFor();
    await main(ben.page).getByText('You reported: Did not show up. A moderator will look at it.').waitFor();
    await expect.poll(() => naturalWidth(main(ben.page).getByRole('img', { name: 'Your photo 1' })), UI_WAIT).toBeGreaterThan(0);

    // The moderator finds it in the queue with the thread, and reverses it with a reason.
    await mod.page.goto('/admin');
    const card = main(mod.page).getByRole('listitem').filter({ hasText: `Waited an hour at the station ${tag}` });
    await card.getByRole('heading', { name: `Swap of ${title}` }).waitFor();
    await card.getByText('Ben Sender gave 25 points and ' + offeredTitle + ' to Ann Owner.').waitFor();
    await expect.poll(() => naturalWidth(card.getByRole('img', { name: 'Photo 1 from Ben Sender' })), UI_WAIT).toBeGreaterThan(0);
    await card.getByRole('button', { name: 'Reverse swap' }).click();
    const confirm = mod.page.getByRole('dialog', { name: 'Reverse this swap?' });
    await confirm.getByLabel('Reason').fill('Ann confirmed she could not come');
    await confirm.getByRole('button', { name: 'Reverse swap' }).click();
    await toast(mod.page, TEXT.swapProblems.reversed).waitFor();
    await card.waitFor({ state: 'detached' });

    // Both open pages say so without a reload, with the reason; both balances are back.
    for (const page of [ann.page, ben.page]) {
      await main(page).getByRole('heading', { name: 'Swap reversed' }).waitFor();
      await main(page).getByText('Reason: Ann confirmed she could not come').waitFor();
      await textsOf(main(page).locator('header').getByText(/^(Accepted|Reversed)$/)).toEqual(['Reversed']);
      await textsOf(balance(page)).toEqual(['100 points']);
    }
    // Both items are back in the marketplace with their owners.
    for (const [page, id] of [
      [ann.page, offered.id],
      [ben.page, item.id],
    ] as const) {
      await page.goto(`/item/${id}`);
      await main(page).getByRole('link', { name: 'Propose Exchange' }).waitFor();
    }
    // The history shows the reversal as its own line.
    await ben.page.goto('/history');
    await main(ben.page).getByText(`Swap reversed: ${title}`).waitFor();
  });
});
