import type { Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHONE, UI_WAIT, pathnameOf, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { fillRegisterForm, newMember, registerSignedIn } from './fixtures/members.ts';
import { PRIMARY_NAV, SECONDARY_NAV } from './fixtures/navigation.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);


/** A line of a JavaScript stack trace, as Chromium or Node would print it. */
const STACK_FRAME = /^\s*at\s+\S+.*(\(|:\d+:\d+)|\.(?:js|ts|tsx):\d+:\d+/m;

describe('desktop', () => {
  test('the sidebar lists every section, and its links go there', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await textsOf(nav.getByRole('link')).toEqual([...PRIMARY_NAV, ...SECONDARY_NAV]);
    expect(await page.getByRole('navigation', { name: 'Quick links' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Marketplace' }).click();
    await page.waitForURL((url) => url.pathname === '/marketplace');
    // The address changes as the navigation commits; the link is marked current on the render after.
    await expect
      .poll(() => nav.getByRole('link', { name: 'Marketplace' }).getAttribute('aria-current'), UI_WAIT)
      .toBe('page');
  });

  test('an unknown address shows the 404 page, whose Back to Home link goes home', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL, { displayName: 'Lost Traveller' });

    await page.goto('/anything-unknown');

    await page.waitForURL((url) => url.pathname === '/not-found');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Welcome, Lost' }).waitFor();
  });

  test('a member\'s first visit runs without script errors or Content Security Policy violations', async () => {
    const { page } = await openBrowser();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    });

    await page.goto('/register');
    await fillRegisterForm(page, newMember());
    await page.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Registration successful!').waitFor();
    await page.getByRole('link', { name: 'Marketplace' }).click();
    await page.waitForURL((url) => url.pathname === '/marketplace');
    await page.getByRole('button', { name: 'Log out' }).click();
    await toast(page, 'Logged out successfully').waitFor();

    expect(problems).toEqual([]);
  });
});

describe('mobile', () => {
  test('the bottom bar holds the five main sections and the menu holds the rest, with Log out', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL, { displayName: 'Mo Bile' });
    await page.goto('/');

    const quickLinks = page.getByRole('navigation', { name: 'Quick links' });
    await textsOf(quickLinks.getByRole('link')).toEqual(PRIMARY_NAV);
    await textsOf(page.getByRole('banner').getByTestId('points-balance')).toEqual(['100 points']);
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();

    const menu = page.getByRole('navigation', { name: 'Menu' });
    await textsOf(menu.getByRole('link')).toEqual([...PRIMARY_NAV, ...SECONDARY_NAV]);
    await textsOf(page.getByTestId('member-name')).toEqual(['Mo Bile']);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, 'Logged out successfully').waitFor();
  });

  test('a bottom-bar link opens its section', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');

    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Add Item' }).click();

    await page.waitForURL((url) => url.pathname === '/add-item');
  });

  test('choosing a menu entry opens it and closes the menu', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'History' }).click();

    await page.waitForURL((url) => url.pathname === '/history');
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
  });

  test('a tap outside the open menu closes it', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();

    // On the page just below the menu's last button, clear of the bottom bar.
    const logOut = await page.getByRole('button', { name: 'Log out' }).boundingBox();
    const below = (logOut?.y ?? 0) + (logOut?.height ?? 0) + 24;
    expect(below).toBeLessThan(PHONE.height - 80);
    await page.mouse.click(PHONE.width / 2, below);

    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
    expect(pathnameOf(page)).toBe('/');
  });

  test('Escape closes the menu and gives focus back to its button', async () => {
    const { context, page } = await openBrowser({ viewport: PHONE });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();

    await page.keyboard.press('Escape');

    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'detached' });
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Open menu');
  });
});

describe('toasts', () => {
  test('a toast shows at the top right for about 4 seconds, then goes', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    // Away from the toasts: sonner holds a toast while the pointer rests on it.
    await page.getByRole('complementary').getByRole('button', { name: 'Log out' }).click();

    const shown = toast(page, 'Logged out successfully');
    await shown.waitFor();
    const seenAt = Date.now();
    await shown.waitFor({ state: 'hidden', timeout: 10_000 });

    // From first sight to gone: its 4 seconds, less the moment it took to see it, plus the exit animation.
    expect(Date.now() - seenAt).toBeGreaterThan(3_000);
    expect(Date.now() - seenAt).toBeLessThan(7_000);
  });
});

describe('loading and failure', () => {
  test('a guarded page shows "Loading..." until the sign-in state is known', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    // Holding the answer, rather than slowing it down by a guessed delay, makes the wait observable every time.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route('**/api/me', async (route) => {
      await answered;
      await route.continue();
    });

    await page.goto('/');

    const loading = page.getByRole('status').filter({ hasText: 'Loading...' });
    await loading.waitFor();
    expect(await page.getByTestId('member-name').count()).toBe(0);
    expect(pathnameOf(page)).toBe('/');

    answer();

    await page.getByTestId('member-name').waitFor();
    await loading.waitFor({ state: 'detached' });
  });

  test("the profile's edit form, when its code cannot be downloaded, says so in its place and the profile stays", async () => {
    const { context, page } = await openBrowser({ serviceWorkers: 'block' });
    await registerSignedIn(context, server().baseURL, { displayName: 'Form Fetcher' });
    const formCode = '**/assets/profile-form-*.js';
    await page.route(formCode, (route) => route.abort('internetdisconnected'));
    await page.goto('/profile');

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await toast(page, 'Failed to load the form.').waitFor();
    const failure = page.getByRole('main').getByText('Failed to load the form.');
    await failure.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Form Fetcher' }).waitFor();
    await page.getByRole('heading', { name: 'Listed Items' }).waitFor();

    await page.unroute(formCode);
    await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
    await failure.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Bio').waitFor();
  });

  test('when the sign-in check fails, "Unexpected Application Error!" shows the message and no stack trace', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.route('**/api/me', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } }),
      }),
    );

    await page.goto('/');

    // The app retries a 5xx twice before it gives up, so this takes a few seconds.
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    const screen = await page.locator('body').innerText();
    expect(screen).toContain('Something went wrong. Please try again.');
    expect(screen).not.toMatch(STACK_FRAME);

    // Once the server answers again, the offered reload recovers.
    await page.unroute('**/api/me');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await page.getByTestId('member-name').waitFor();
  });

  test('a failure whose body is a raw stack trace shows the status, never the trace', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    // What a crashed proxy or a misconfigured server in front of the app might send.
    const leakedTrace = 'TypeError: boom\n    at handler (/srv/app/server.js:10:5)\n    at process.tick (node:internal:1:1)';
    const failWithTrace = (route: Route) =>
      route.fulfill({ status: 500, contentType: 'text/plain', body: leakedTrace });
    await page.route('**/api/me', failWithTrace);

    await page.goto('/');

    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    const screen = await page.locator('body').innerText();
    expect(screen).toContain('Internal Server Error');
    expect(screen).not.toContain('boom');
    expect(screen).not.toMatch(STACK_FRAME);
  });
});
