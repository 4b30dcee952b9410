import { afterEach, describe, expect, it } from 'vitest';
import { negotiateLocale } from './locales.ts';
import { cataloguesLoaded, loadLocale, messageRef, readMessage, setLocaleSource, setPseudoLocale, text, texts, textNamespaces, type Locale } from './index.ts';

let active: Locale = 'en';
setLocaleSource(() => active);
afterEach(() => {
  active = 'en';
});

const SWAPS = texts(
  'fixture',
  {
    en: { 'fixture.greeting': 'Welcome to {community}', 'fixture.listings': '{count, plural, one {# new listing} other {# new listings}}' },
    es: async () => ({ default: { 'fixture.greeting': 'Te damos la bienvenida a {community}', 'fixture.listings': '{count, plural, one {# anuncio nuevo} other {# anuncios nuevos}}' } }),
    de: async () => ({ default: { 'fixture.greeting': 'Willkommen bei {community}', 'fixture.listings': '{count, plural, one {# neues Angebot} other {# neue Angebote}}' } }),
  },
  { greeting: text('community'), listings: text('count') },
);

describe('texts', () => {
  it('read in English until another language is loaded and made current', async () => {
    expect(SWAPS.greeting({ community: 'Swapyard' })).toBe('Welcome to Swapyard');
    expect(SWAPS.listings({ count: 1 })).toBe('1 new listing');
    expect(SWAPS.listings({ count: 1200 })).toBe('1,200 new listings');
    await loadLocale('de');
    active = 'de';
    expect(SWAPS.greeting({ community: 'Swapyard' })).toBe('Willkommen bei Swapyard');
    expect(SWAPS.listings({ count: 1200 })).toBe('1.200 neue Angebote');
  });

  it('fetch a namespace registered later in every language already loaded', async () => {
    await loadLocale('es');
    const LATE = texts(
      'fixture-late',
      { en: { 'fixture-late.hello': 'Hello' }, es: async () => ({ default: { 'fixture-late.hello': 'Hola' } }), de: async () => ({ default: { 'fixture-late.hello': 'Hallo' } }) },
      { hello: text() },
    );
    await cataloguesLoaded();
    active = 'es';
    expect(LATE.hello).toBe('Hola');
    expect(textNamespaces().find(({ name }) => name === 'fixture-late')?.messages).toEqual(new Map([['fixture-late.hello', []]]));
  });
});

describe('the language a browser asks for', () => {
  it.each([
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['fr-FR, fr;q=0.9, es;q=0.5, en;q=0.4', 'es'],
    ['en;q=0.2, de;q=0.7', 'de'],
    ['es;q=0, en', 'en'],
    ['fr, it', undefined],
    ['', undefined],
    ['*', undefined],
  ])('%j is %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe('the pseudo-language', () => {
  afterEach(() => setPseudoLocale(false));

  it('makes every word of a text accented and 40% longer, leaving values and marked parts as they are', () => {
    setPseudoLocale(true);
    const PSEUDO = texts(
      'fixture-pseudo',
      {
        en: { 'fixture-pseudo.agree': 'I agree to the <link>rules</link> of {community}' },
        es: async () => ({ default: {} }),
        de: async () => ({ default: {} }),
      },
      { agree: text('community') },
    );
    const shown = PSEUDO.agree({ community: 'Swapyard Leeds' });
    expect(shown).toBe('ÎÎ áĝrééáĝ tót tĥétĥ <link>rúléšrú</link> ófó Swapyard Leeds');
  });
});

describe('a text kept for later', () => {
  it('is read in the language of whoever reads it, with the values it was given', async () => {
    await loadLocale('de');
    const ref = messageRef(() => SWAPS.listings({ count: 3 }));
    expect(ref).toEqual({ id: 'fixture.listings', values: { count: 3 } });
    expect(readMessage(ref)).toBe('3 new listings');
    active = 'de';
    expect(readMessage(ref)).toBe('3 neue Angebote');
    expect(() => messageRef(() => 'words of no catalogue')).toThrow(/read no text/);
  });
});
