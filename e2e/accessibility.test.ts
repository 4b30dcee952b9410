import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHONE, useBrowsers } from './fixtures/browser.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** WCAG 2.1 A and AA, the level a public service is usually held to. */
async function violationsOn(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  // Rule, impact and where: enough to find it, short enough to read in a failure message.
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

describe('signed out', () => {
  test.each(['/login', '/register', '/forgot-password'])('%s has no WCAG A/AA violations', async (path) => {
    const { page } = await openBrowser();
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();

    expect(await violationsOn(page)).toEqual([]);
  });

  test('the login form with its error banner and field errors has no WCAG A/AA violations', async () => {
    const { page } = await openBrowser();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please enter a valid email address.').waitFor();

    expect(await violationsOn(page)).toEqual([]);
  });
});

describe('signed in', () => {
  test('the dashboard with the sidebar has no WCAG A/AA violations', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    await page.getByTestId('member-name').waitFor();

    expect(await violationsOn(page)).toEqual([]);
  });

  test('the phone layout with its menu open has no WCAG A/AA violations', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();

    expect(await violationsOn(page)).toEqual([]);
  });

  test('the 404 page has no WCAG A/AA violations', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.goto('/not-found');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();

    expect(await violationsOn(page)).toEqual([]);
  });
});
