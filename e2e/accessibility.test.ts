import AxeBuilder from '@axe-core/playwright';
import { TEXT } from '@swapyard/contract';
import type { Page } from 'playwright-core';
import { describe, expect, onTestFinished, test } from 'vitest';
import { APP_PAGES, useWorldBrowser, visit } from './fixtures/app-pages.ts';
import { apiChange } from './fixtures/api.ts';
import { animationsDone, DESKTOP, PHONE, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { registerClient, registerMember, registerSignedIn, signIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';
import { useWorld } from './fixtures/world.ts';

const server = useServer();
const world = useWorld(server);
const openBrowser = useBrowsers(() => server().baseURL);

/** WCAG 2.1 A and AA, the level a public service is usually held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The serious and critical violations on the page as it is now, one readable line each: rule,
 * impact, what the rule asks, where, and axe's own summary of what is wrong there.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await animationsDone(page);
  // Only violations: axe skips describing every passing node, which is most of its time.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n` +
          `  at ${node.target.join(' ')}\n` +
          `  ${(node.failureSummary ?? '').replaceAll('\n', '\n  ')}`,
      ),
    );
}

/**
 * Form controls whose name does not come from a label tied to them (a <label> for it, or
 * aria-labelledby): an aria-label or a placeholder alone is not enough here.
 */
function controlsWithoutTiedLabel(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'))
      .filter((control) => control.type !== 'hidden' && !control.closest('[aria-hidden="true"]'))
      .filter((control) => {
        const hasText = (element: Element | null) => Boolean(element?.textContent?.trim());
        const labelled = Array.from(control.labels ?? []).some(hasText);
        const ids = control.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
        return !labelled && !ids.some((id) => hasText(document.getElementById(id)));
      })
      .map((control) => control.outerHTML.slice(0, 120)),
  );
}

/** Everything this file holds a page to, one readable line per problem. */
async function problemsOn(page: Page): Promise<string[]> {
  const unlabelled = await controlsWithoutTiedLabel(page);
  return [...(await seriousViolations(page)), ...unlabelled.map((control) => `no label tied to ${control}`)];
}

const browsers = {
  desktop: useWorldBrowser(() => server().baseURL, world, { viewport: DESKTOP }),
  phone: useWorldBrowser(() => server().baseURL, world, { viewport: PHONE }),
};

describe.each(['desktop', 'phone'] as const)('every page, %s', (viewport) => {
  test.each(APP_PAGES)('$name has no serious or critical WCAG 2.1 A/AA violation, and a tied label on every control', async (appPage) => {
    const { page } = await browsers[viewport](appPage.signedIn);
    await visit(page, appPage, world());

    expect(await problemsOn(page)).toEqual([]);
  });
});

describe('pages in another state', () => {
  test('the login form with its error banner and field errors', async () => {
    const { page } = await browsers.desktop(false);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the phone layout with its menu open', async () => {
    const { page } = await browsers.phone(true);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the marketplace with its filters open', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto('/marketplace?type=items');
    await page.getByRole('radio', { name: 'Items' }).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the add-item form after a refused submit', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto('/add-item');
    await page.getByRole('button', { name: 'Add Item', exact: true }).click();
    await toast(page, TEXT.items.titleRequired).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the add-item form with the place picker open', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto('/add-item');
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.pressSequentially('york');
    const suggestions = page.getByRole('listbox', { name: 'Location' });
    await suggestions.getByRole('option').first().waitFor();
    await location.press('ArrowDown');
    await suggestions.getByRole('option', { selected: true }).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the propose-exchange form with its field errors', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto(`/propose-exchange/${world().benItem.id}`);
    await page.getByLabel('Points to add').fill('100000');
    await page.getByRole('button', { name: 'Send Proposal' }).click();
    await page.getByLabel('Message').and(page.locator('[aria-invalid="true"]')).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the profile with its edit form open', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the photo viewer over an item page', async () => {
    const { page } = await browsers.phone(true);
    await page.goto(`/item/${world().benItem.id}`);
    await page.getByRole('button', { name: /^Open photo 1 of \d+ full screen$/ }).click();
    await page.getByRole('dialog', { name: `Photos of ${world().benItem.title}` }).getByRole('img').waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('a message’s arrival toast over the marketplace', async () => {
    const { page } = await browsers.phone(true);
    await page.goto('/marketplace');
    await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
    await expect.poll(() => server().openSockets(world().ann.id), UI_WAIT).toBeGreaterThan(0);
    const { api } = await registerClient(server().baseURL, { displayName: 'Tom Toaster' });
    onTestFinished(() => api.dispose());
    const conversationId = await openConversation({ request: api }, server().baseURL, world().ann.id);
    await sendMessage({ request: api }, server().baseURL, conversationId, 'Is the tent still there?');
    const arrival = toast(page, 'New message from Tom Toaster');
    // Under the pointer, the toast holds still for as long as axe reads it.
    await arrival.hover();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the delete-account dialog over the settings page', async () => {
    const { page } = await browsers.phone(true);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByLabel('Your password').waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the delete dialog over the owner’s item page', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto(`/item/${world().annItem.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this item?' }).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the accept confirmation over a received proposal', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto(`/proposals/${world().pendingProposal.id}`);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('dialog', { name: 'Accept this swap?' }).getByText(/^You give /).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the counter-offer dialog over a received offer', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto(`/proposals/${world().counterOffer.id}`);
    await page.getByRole('button', { name: 'Counter-offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a counter-offer' });
    await dialog.getByLabel('Points offered').waitFor();

    const problems = await problemsOn(page);
    // Closed unsent: the browser is shared, and the world's offer stays as it is.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });

  test('the report-a-problem dialog over an accepted swap, its reason refused empty', async () => {
    const { page } = await browsers.phone(true);
    await page.goto(`/proposals/${world().acceptedProposal.id}`);
    await page.getByRole('button', { name: 'Report a problem with this swap' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem with this swap' });
    // Refused in the browser: the world's swap stays unreported for the other checks.
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(TEXT.swapProblems.reasonRequired).waitFor();

    const problems = await problemsOn(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });

  test('the block dialog over another member’s profile', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto(`/profile/${world().ben.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${world().ben.displayName}?` });
    await dialog.waitFor();

    const problems = await problemsOn(page);
    // Closed unconfirmed: the browser is shared, and the world stays unblocked.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(problems).toEqual([]);
  });

  test('the blocked members section with a member in it, on a phone', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    const other = await registerMember(server().baseURL, { displayName: 'Section Blockee' });
    await apiChange(context, server().baseURL, '/api/blocks', { data: { userId: other.id } });
    await page.goto('/settings');
    await page.getByRole('region', { name: 'Blocked members' }).getByRole('button', { name: 'Unblock' }).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the suspend dialog over a member page, after a refused submit', async () => {
    const { page } = await browsers.phone(true);
    await page.goto(`/admin/members/${world().ben.id}`);
    await page.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Benedict Okafor' });
    // Refused in the browser: the world's Ben stays unsuspended for the other checks.
    await dialog.getByRole('button', { name: 'Suspend member' }).click();
    await dialog.getByText(TEXT.suspensions.reasonRequired).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the report dialog over another member’s item page, its reason refused empty', async () => {
    const { page } = await browsers.phone(true);
    await page.goto(`/item/${world().benItem.id}`);
    await page.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText(TEXT.reports.reasonRequired).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the reason dialog over the reports queue', async () => {
    const { page } = await browsers.desktop(true);
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Warn member' }).first().click();
    await page.getByRole('dialog', { name: 'Warn this member?' }).getByLabel('Reason (kept in the audit log)').waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });

  test('the cancel dialog over a sent proposal', async () => {
    const { context, page } = await openBrowser();
    await signIn(context, server().baseURL, world().ben);
    await page.goto(`/proposals/${world().pendingProposal.id}`);
    await page.getByRole('button', { name: 'Cancel Proposal' }).click();
    await page.getByRole('dialog', { name: 'Cancel this proposal?' }).waitFor();

    expect(await problemsOn(page)).toEqual([]);
  });
});
