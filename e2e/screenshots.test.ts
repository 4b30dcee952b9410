import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locale } from '@swapyard/contract';
import { request, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { APP_PAGES, picturesLoaded, useWorldBrowser, visit } from './fixtures/app-pages.ts';
import { animationsDone, PHONE } from './fixtures/browser.ts';
import { inLanguage, inPseudoLanguage } from './fixtures/language.ts';
import { useServer } from './fixtures/server.ts';
import { useWorld } from './fixtures/world.ts';

/** Kept by CI as artifacts, to be looked at; test-results/ is git-ignored. */
const SCREENSHOTS_DIR = fileURLToPath(new URL('../test-results/screenshots/', import.meta.url));

const VIEWPORTS = { mobile: PHONE, desktop: { width: 1440, height: 900 } } as const;

/** WCAG 2.2's minimum target size (2.5.8): smaller is hard to hit with a finger. */
const MIN_TARGET_PX = 24;

const server = useServer();
const world = useWorld(server);

beforeAll(async () => {
  await fs.mkdir(SCREENSHOTS_DIR, { recursive: true });
});

/** What sticks out past the right edge of the screen, making the whole page scroll sideways. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return Array.from(document.body.querySelectorAll('*'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className.toString()}`);
  });
}

/**
 * Visible controls smaller than the minimum target. A link inside a sentence is exempt (WCAG's
 * inline exception); a checkbox or radio counts together with its label, which toggles it too.
 */
function smallTargets(page: Page, minimum: number): Promise<string[]> {
  return page.evaluate((min) => {
    const visuallyHidden = (style: CSSStyleDeclaration) =>
      style.visibility === 'hidden' || style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
    const targetBox = (control: HTMLElement) => {
      const boxes = [control.getBoundingClientRect()];
      if (control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)) {
        boxes.push(...Array.from(control.labels ?? [], (label) => label.getBoundingClientRect()));
      }
      const left = Math.min(...boxes.map((box) => box.left));
      const top = Math.min(...boxes.map((box) => box.top));
      const width = Math.max(...boxes.map((box) => box.right)) - left;
      const height = Math.max(...boxes.map((box) => box.bottom)) - top;
      return { width, height };
    };
    const controls = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex="0"]');
    return Array.from(controls).flatMap((control) => {
      const style = getComputedStyle(control);
      const own = control.getBoundingClientRect();
      if (visuallyHidden(style) || own.width <= 1 || own.height <= 1) return [];
      if (control.tagName === 'A' && style.display === 'inline') return [];
      const { width, height } = targetBox(control);
      if (width >= min - 0.5 && height >= min - 0.5) return [];
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? '';
      return [`${control.tagName.toLowerCase()} "${name}" ${String(Math.round(width))}x${String(Math.round(height))}`];
    });
  }, minimum);
}

/**
 * The whole page, as if the screen were tall enough to show it. A full-page capture would instead
 * paint the fixed bottom bar wherever the first screen ends, over the middle of the page.
 */
async function capture(page: Page, viewport: { width: number; height: number }, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  try {
    await page.screenshot({ path: file, animations: 'disabled' });
  } finally {
    await page.setViewportSize(viewport);
  }
}

const browsers = {
  mobile: useWorldBrowser(() => server().baseURL, world, { viewport: VIEWPORTS.mobile }),
  desktop: useWorldBrowser(() => server().baseURL, world, { viewport: VIEWPORTS.desktop }),
};

describe.each(['mobile', 'desktop'] as const)('%s', (viewportName) => {
  const viewport = VIEWPORTS[viewportName];

  test.each(APP_PAGES)('$name fits the screen, with targets big enough to tap, and is captured', async (appPage) => {
    const { page } = await browsers[viewportName](appPage.signedIn);
    await visit(page, appPage, world());
    await animationsDone(page);

    expect(await overflowing(page)).toEqual([]);
    expect(await smallTargets(page, MIN_TARGET_PX)).toEqual([]);
    await capture(page, viewport, path.join(SCREENSHOTS_DIR, `${appPage.name}-${viewportName}.png`));
  });
});

describe('mobile menu', () => {
  test('the open menu fits the screen, with targets big enough to tap, and is captured', async () => {
    const { page } = await browsers.mobile(true);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    await picturesLoaded(page);
    await animationsDone(page);

    expect(await overflowing(page)).toEqual([]);
    expect(await smallTargets(page, MIN_TARGET_PX)).toEqual([]);
    await capture(page, VIEWPORTS.mobile, path.join(SCREENSHOTS_DIR, 'menu-mobile.png'));
  });
});

describe('place picker', () => {
  test('its open suggestions fit a phone, each as big as a target to tap, and are captured', async () => {
    const { page } = await browsers.mobile(true);
    await page.goto('/add-item');
    await page.getByRole('combobox', { name: 'Location' }).pressSequentially('york');
    const options = page.getByRole('listbox', { name: 'Location' }).getByRole('option');
    await options.first().waitFor();
    await animationsDone(page);

    expect(await overflowing(page)).toEqual([]);
    const heights = await options.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(heights.filter((height) => height < MIN_TARGET_PX)).toEqual([]);
    await capture(page, VIEWPORTS.mobile, path.join(SCREENSHOTS_DIR, 'place-picker-mobile.png'));
  });
});

describe('desktop page widths', () => {
  test('the pages that list things are as wide as each other', async () => {
    const { page } = await browsers.desktop(true);
    const widths: Record<string, number> = {};
    for (const name of ['marketplace', 'proposals', 'messages', 'history', 'notifications', 'favourites', 'saved-searches']) {
      const appPage = APP_PAGES.find((candidate) => candidate.name === name)!;
      await visit(page, appPage, world());
      widths[name] = (await page.locator('main > div > *').first().boundingBox())!.width;
    }
    expect(new Set(Object.values(widths)).size, JSON.stringify(widths)).toBe(1);
  });
});

/** The world's Ann reads `locale`: her account's language, which the app follows wherever she signs in. */
async function annReads(locale: Locale): Promise<void> {
  const { baseURL } = server();
  const api = await request.newContext();
  try {
    const { email, password } = world().ann;
    expect((await api.post(`${baseURL}/api/auth/login`, { headers: { origin: baseURL }, data: { email, password } })).status()).toBe(200);
    expect((await api.put(`${baseURL}/api/me/language`, { headers: { origin: baseURL }, data: { locale } })).status()).toBe(204);
  } finally {
    await api.dispose();
  }
}

/** The main pages, looked at in every language: signing up, the marketplace, an item, a swap, a chat, settings. */
const MAIN_PAGES = ['login', 'register', 'dashboard', 'marketplace', 'item', 'add-item', 'proposal-pending', 'chat', 'notifications', 'settings', 'profile'];

describe.each([
  ['es', 'es-ES'],
  ['de', 'de-DE'],
] as const)('in %s', (locale, browserLanguage) => {
  const say = inLanguage(locale);
  const inLanguageBrowsers = {
    mobile: useWorldBrowser(() => server().baseURL, world, { viewport: VIEWPORTS.mobile, locale: browserLanguage }),
    desktop: useWorldBrowser(() => server().baseURL, world, { viewport: VIEWPORTS.desktop, locale: browserLanguage }),
  };
  beforeAll(() => annReads(locale));
  afterAll(() => annReads('en'));

  describe.each(['mobile', 'desktop'] as const)('%s', (viewportName) => {
    test.each(APP_PAGES.filter(({ name }) => MAIN_PAGES.includes(name)))('$name is in the language, fits the screen, and is captured', async (appPage) => {
      const { page } = await inLanguageBrowsers[viewportName](appPage.signedIn);
      await visit(page, appPage, world(), say);
      expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      await animationsDone(page);
      expect(await overflowing(page)).toEqual([]);
      await capture(page, VIEWPORTS[viewportName], path.join(SCREENSHOTS_DIR, `${appPage.name}-${locale}-${viewportName}.png`));
    });
  });
});

describe('the pseudo-language at phone size', () => {
  const browser = useWorldBrowser(() => server().baseURL, world, { viewport: VIEWPORTS.mobile });
  const stretched = new WeakSet<BrowserContext>();

  test.each(APP_PAGES)('$name holds every text 40% longer without sticking out of the screen', async (appPage) => {
    const { context, page } = await browser(appPage.signedIn);
    if (!stretched.has(context)) {
      await context.addInitScript(() => localStorage.setItem('swapyard.language', 'pseudo'));
      stretched.add(context);
    }
    await visit(page, appPage, world(), inPseudoLanguage());
    await animationsDone(page);
    expect(await overflowing(page)).toEqual([]);
    await capture(page, VIEWPORTS.mobile, path.join(SCREENSHOTS_DIR, `${appPage.name}-pseudo-mobile.png`));
  });
});
