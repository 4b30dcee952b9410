import { cataloguesLoaded, DEFAULT_LOCALE, isLocale, loadLocale, negotiateLocale, setLocaleSource, type Locale } from '@swapyard/contract';
import { useSyncExternalStore } from 'react';

let active: Locale = DEFAULT_LOCALE;
const listeners = new Set<() => void>();
setLocaleSource(() => active);

/**
 * The language the server chose for this page, index.html's lang: the member's, else their
 * browser's, else the community's. A page from the offline cache may carry none; the browser's then.
 */
function servedLocale(): Locale {
  const served = document.documentElement.lang;
  return isLocale(served) ? served : (negotiateLocale(navigator.languages.join(',')) ?? DEFAULT_LOCALE);
}

/** Before the first render: that one shows in its language, never in English first. */
export function startLanguage(): Promise<void> {
  return switchLanguage(servedLocale());
}

/**
 * Shows the page in `locale` without a reload, once its catalogues for every part of the app
 * loaded so far have arrived (a failed download leaves the language as it was).
 */
export async function switchLanguage(locale: Locale): Promise<void> {
  await loadLocale(locale);
  if (locale === active) return;
  active = locale;
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
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
