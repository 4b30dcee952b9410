import type * as Contract from '@swapyard/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInMember } from '../test/mounted.tsx';

const catalogue = (greeting: string) => ({ 'fixture.greeting': greeting });

/** This file's language module and a texts module, fresh: each test starts as a page load does. */
async function pageLoad(browserLanguages: string[], servedLang = 'en') {
  vi.resetModules();
  Object.defineProperty(navigator, 'languages', { value: browserLanguages, configurable: true });
  document.documentElement.lang = servedLang;
  const contract = await import('@swapyard/contract');
  const language = await import('./language.ts');
  const { currentUserQuery } = await import('./current-user.ts');
  const FIXTURE = contract.texts(
    'fixture',
    { en: catalogue('Welcome'), es: async () => ({ default: catalogue('Bienvenida') }), de: async () => ({ default: catalogue('Willkommen') }) },
    { greeting: contract.text() },
  );
  return { language, FIXTURE, currentUserQuery };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the page language', () => {
  it("opens in the first of ours the browser asks for, and says so in <html lang>", async () => {
    const { language, FIXTURE } = await pageLoad(['fr-FR', 'de-AT', 'en']);
    await language.startLanguage();
    expect(document.documentElement.lang).toBe('de');
    expect(FIXTURE.greeting).toBe('Willkommen');
  });

  it("opens in the community's language (index.html's lang) when the browser asks for none of ours", async () => {
    const { language, FIXTURE } = await pageLoad(['fr-FR', 'it'], 'es');
    await language.startLanguage();
    expect(FIXTURE.greeting).toBe('Bienvenida');
  });

  it('switches without a reload when the member chooses, and opens in that choice next time', async () => {
    const first = await pageLoad(['en-GB']);
    await first.language.startLanguage();
    expect(first.FIXTURE.greeting).toBe('Welcome');
    await first.language.switchLanguage('es');
    expect(document.documentElement.lang).toBe('es');
    expect(first.FIXTURE.greeting).toBe('Bienvenida');

    const next = await pageLoad(['en-GB']);
    await next.language.startLanguage();
    expect(next.FIXTURE.greeting).toBe('Bienvenida');
  });

  it("follows the account's language once /me names one", async () => {
    const { language, FIXTURE, currentUserQuery } = await pageLoad(['en-US']);
    await language.startLanguage();
    const queryClient = new QueryClient();
    language.followAccountLanguage(queryClient);
    queryClient.setQueryData(currentUserQuery.queryKey, signedInMember({ locale: 'de' }));
    await vi.waitFor(() => expect(FIXTURE.greeting).toBe('Willkommen'));
    expect(localStorage.getItem('swapyard.language')).toBe('de');
  });
});

describe('catalogues fetched as the web build makes them, English included', () => {
  /** A texts module whose every language is a fetch, counted per language. */
  function lazyTexts(contract: typeof Contract, name: string, fetched: string[], failing: string[] = []) {
    const fetch = (locale: string, greeting: string) => async () => {
      fetched.push(`${name}.${locale}`);
      if (failing.includes(locale)) throw new Error('offline');
      return { default: { [`${name}.greeting`]: greeting } };
    };
    return contract.texts(
      name,
      { en: fetch('en', 'Welcome'), es: fetch('es', 'Bienvenida'), de: fetch('de', 'Willkommen') },
      { greeting: contract.text() },
    );
  }

  it('a page in Spanish fetches only Spanish, for the texts it has and for those of a page loaded later', async () => {
    const { language } = await pageLoad(['es']);
    const contract = await import('@swapyard/contract');
    const fetched: string[] = [];
    const FIRST = lazyTexts(contract, 'fixture-first', fetched);
    await language.startLanguage();
    const LATER = lazyTexts(contract, 'fixture-later', fetched);
    await language.withTexts(Promise.resolve());

    expect([FIRST.greeting, LATER.greeting]).toEqual(['Bienvenida', 'Bienvenida']);
    expect(fetched).toEqual(['fixture-first.es', 'fixture-later.es']);
  });

  it('after a switch, a page loaded later fetches the new language only', async () => {
    const { language } = await pageLoad(['es']);
    const contract = await import('@swapyard/contract');
    const fetched: string[] = [];
    lazyTexts(contract, 'fixture-first', fetched);
    await language.startLanguage();
    await language.switchLanguage('de');
    const LATER = lazyTexts(contract, 'fixture-later', fetched);
    await language.withTexts(Promise.resolve());

    expect(LATER.greeting).toBe('Willkommen');
    expect(fetched).toEqual(['fixture-first.es', 'fixture-first.de', 'fixture-later.de']);
  });

  it("shows the account's language when /me answers before the page's first language has arrived", async () => {
    const { language, currentUserQuery } = await pageLoad(['en']);
    const contract = await import('@swapyard/contract');
    let englishArrives = () => {};
    const FIXTURE = contract.texts(
      'fixture-slow',
      {
        en: () => new Promise((resolve) => (englishArrives = () => resolve({ default: { 'fixture-slow.greeting': 'Welcome' } }))),
        es: async () => ({ default: { 'fixture-slow.greeting': 'Bienvenida' } }),
        de: async () => ({ default: { 'fixture-slow.greeting': 'Willkommen' } }),
      },
      { greeting: contract.text() },
    );
    const queryClient = new QueryClient();
    language.followAccountLanguage(queryClient);
    const started = language.startLanguage();
    queryClient.setQueryData(currentUserQuery.queryKey, signedInMember({ locale: 'de' }));
    await vi.waitFor(() => expect(FIXTURE.greeting).toBe('Willkommen'));

    englishArrives();
    await started;
    expect(document.documentElement.lang).toBe('de');
    expect(FIXTURE.greeting).toBe('Willkommen');
  });

  it("opens in English when the language's catalogues cannot be fetched", async () => {
    const { language } = await pageLoad(['de']);
    const contract = await import('@swapyard/contract');
    const FIXTURE = lazyTexts(contract, 'fixture-lazy', [], ['de']);
    await language.startLanguage();

    expect(document.documentElement.lang).toBe('en');
    expect(FIXTURE.greeting).toBe('Welcome');
  });
});
