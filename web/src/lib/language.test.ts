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
