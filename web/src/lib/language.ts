import {
  cataloguesLoaded,
  DEFAULT_LOCALE,
  isLocale,
  keepOnlyLocale,
  loadLocale,
  negotiateLocale,
  setLocaleSource,
  setPseudoLocale,
  type CurrentUser,
  type Locale,
} from '@swapyard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { currentUserQuery } from './current-user.ts';

let active: Locale = DEFAULT_LOCALE;
let latestWish: Locale | undefined;
const listeners = new Set<() => void>();
setLocaleSource(() => active);

const CHOSEN = 'swapyard.language';

/**
 * The language to open in: the one this browser chose last (kept for offline starts), else the first
 * of ours the browser asks for, else the community's, which the server wrote into index.html's lang.
 */
function startingLocale(): Locale {
  const chosen = localStorage.getItem(CHOSEN);
  // The layout tests' stretched English (docs/languages.md), set only by them.
  if (chosen === 'pseudo') {
    setPseudoLocale(true);
    return 'en';
  }
  if (isLocale(chosen)) return chosen;
  const served = document.documentElement.lang;
  return negotiateLocale(navigator.languages.join(',')) ?? (isLocale(served) ? served : DEFAULT_LOCALE);
}

/**
 * Before the first render: the page opens in its language, never in English first. Without that
 * language's catalogues (a first visit that lost the connection) it tries English.
 */
export async function startLanguage(): Promise<void> {
  const locale = startingLocale();
  await show(locale).catch((error: unknown) => {
    if (locale === 'en') throw error;
    return show('en');
  });
}

/** A member's choice: the page changes to it without a reload, and this browser opens in it from now on. */
export async function switchLanguage(locale: Locale): Promise<void> {
  await show(locale);
  localStorage.setItem(CHOSEN, locale);
}

/** Once the language's catalogues for every part of the app loaded so far are in (a failed download changes nothing). */
async function show(locale: Locale): Promise<void> {
  latestWish = locale;
  await loadLocale(locale);
  // A later wish came while this one loaded (the account's language, answered before the page's first
  // language arrived): the later one is shown, whichever finishes loading first.
  if (latestWish !== locale) return;
  // Pages loaded from now on fetch this language's texts only.
  keepOnlyLocale(locale);
  document.documentElement.lang = locale;
  if (locale === active) return;
  active = locale;
  for (const listener of listeners) listener();
}

/** The account's language wins wherever the member signs in: each answer of /me that names one shows it. */
export function followAccountLanguage(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryKey[0] !== currentUserQuery.queryKey[0]) return;
    const chosen = (event.query.state.data as CurrentUser | null)?.locale;
    if (chosen && chosen !== active) void switchLanguage(chosen).catch(() => undefined);
  });
}

export function useLanguage(): Locale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => active,
  );
}

/** A page's module, once the catalogues its texts registered are in: it renders in the page's language at once. */
export async function withTexts<Module>(module: Promise<Module>): Promise<Module> {
  const loaded = await module;
  await cataloguesLoaded();
  return loaded;
}
