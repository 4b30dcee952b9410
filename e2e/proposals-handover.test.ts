import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, textsOf, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { listItem } from './fixtures/items.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { acceptProposal, propose } from './fixtures/swaps.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const main = (page: Page) => page.getByRole('main');
const badge = (page: Page) => main(page).locator('header').getByText(/^(Accepted|Completed)$/);

describe('the hand-over after Accept', () => {
  test.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('at %s size: one side arranges it, the other sees it live, both confirm and both pages say Completed', async (_size, viewport) => {
    const tag = randomUUID().slice(0, 8);
    const ann = await openBrowser({ viewport });
    const ben = await openBrowser({ viewport });
    const annMember = await registerSignedIn(ann.context, server().baseURL, { displayName: 'Ann Owner' });
    const benMember = await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Sender' });
    const title = `Hand-over bike ${tag}`;
    const item = await listItem(ann.context, server().baseURL, { title });
    const proposal = await propose(ben.context, server().baseURL, { itemId: item.id, pointsOffer: 10 });
    await acceptProposal(ann.context, server().baseURL, proposal.id);

    await ann.page.goto(`/proposals/${proposal.id}`);
    await ben.page.goto(`/proposals/${proposal.id}`);
    for (const [page, member] of [
      [ann.page, annMember],
      [ben.page, benMember],
    ] as const) {
      await main(page).getByRole('heading', { name: 'Arrange hand-over' }).waitFor();
      await textsOf(badge(page)).toEqual(['Accepted']);
      await main(page).getByText('No hand-over arranged yet.').waitFor();
      // Not completed yet: the page says when rating opens, 14 days after Accept at the latest, instead of the form.
      await main(page).getByText(/^You can rate (Ann|Ben) once both of you have confirmed the hand-over, or from .+\.$/).waitFor();
      expect(await main(page).getByRole('radiogroup').count()).toBe(0);
      await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
    }

    // Ben suggests a place and a time; Ann's open page shows it without a reload.
    const place = `Library steps ${tag}`;
    await ben.page.getByLabel('Place', { exact: true }).fill(place);
    await ben.page.getByLabel('Date and time').fill('2026-12-01T17:30');
    await main(ben.page).getByRole('button', { name: 'Save', exact: true }).click();
    await toast(ben.page, TEXT.proposals.handoverSaved).waitFor();
    await textsOf(ann.page.getByTestId('handover-arrangement').locator('dd').first()).toEqual([place]);
    await expect(ann.page.getByLabel('Place', { exact: true }).inputValue()).resolves.toBe(place);
    await expect(ann.page.getByLabel('Date and time').inputValue()).resolves.toBe('2026-12-01T17:30');

    // Ann confirms, after the dialog asks; "Not yet" confirms nothing.
    await ann.page.getByRole('button', { name: 'Confirm hand-over' }).click();
    const annDialog = ann.page.getByRole('dialog', { name: `Confirm you handed over ${title}?` });
    await annDialog.getByRole('button', { name: 'Not yet' }).click();
    await annDialog.waitFor({ state: 'hidden' });
    await textsOf(ann.page.getByTestId('handover-confirmations').locator('dd')).toEqual(['Not confirmed yet', 'Not confirmed yet']);
    await ann.page.getByRole('button', { name: 'Confirm hand-over' }).click();
    await annDialog.getByRole('button', { name: 'Confirm hand-over' }).click();
    await toast(ann.page, TEXT.proposals.handoverConfirmed).waitFor();
    await textsOf(ann.page.getByTestId('handover-confirmations').locator('dd')).toEqual([expect.stringMatching(/^Confirmed /), 'Not confirmed yet']);
    expect(await main(ann.page).getByRole('button', { name: 'Confirm hand-over' }).count()).toBe(0);

    // Ben's page shows Ann's confirmation live; his confirm completes the swap on both pages.
    await textsOf(ben.page.getByTestId('handover-confirmations').locator('dd')).toEqual(['Not confirmed yet', expect.stringMatching(/^Confirmed /)]);
    await ben.page.getByRole('button', { name: 'Confirm hand-over' }).click();
    await ben.page.getByRole('dialog', { name: `Confirm you received ${title}?` }).getByRole('button', { name: 'Confirm hand-over' }).click();
    await toast(ben.page, TEXT.proposals.swapCompleted).waitFor();
    for (const page of [ann.page, ben.page]) {
      await textsOf(badge(page)).toEqual(['Completed']);
      await main(page).getByRole('heading', { name: 'Hand-over', exact: true }).waitFor();
      await main(page).getByText(/^Completed .*: both of you confirmed the hand-over\.$/).waitFor();
      // The arrangement can no longer change, and rating is what is left to do: the form shows, live on Ann's page.
      expect(await page.getByLabel('Place', { exact: true }).count()).toBe(0);
      await main(page).getByRole('radiogroup').waitFor();
    }
    await main(ann.page).getByRole('heading', { name: 'Rate Ben' }).waitFor();

    // The list rows say so too, and the points moved once, at Accept.
    await ann.page.goto('/proposals');
    await textsOf(main(ann.page).getByRole('listitem').filter({ hasText: title }).getByText(/^(Accepted|Completed)$/)).toEqual(['Completed']);
    const me = await ben.context.request.get(`${server().baseURL}/api/me`);
    expect(((await me.json()) as { user: { points: number } }).user.points).toBe(90);
  });
});
