import { currentLocale } from '@swapyard/contract';

/**
 * Dates, numbers and names in the page's language, in the browser's regional conventions where it
 * asks for a variant of that language (an en-GB browser reads "21 Nov" in English, de-AT German in Austrian).
 */
function formatLocale(): string {
  const language = currentLocale();
  return navigator.languages.find((tag) => tag.toLowerCase().split('-')[0] === language) ?? language;
}

const made = new Map<string, unknown>();

/** Each formatter is made once per language and options: making one costs far more than using it. */
function once<T>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = formatLocale();
  const key = `${kind} ${locale} ${JSON.stringify(options)}`;
  if (!made.has(key)) made.set(key, make(locale));
  return made.get(key) as T;
}

export const dateTimeFormat = (options: Intl.DateTimeFormatOptions) => once('date', options, (locale) => new Intl.DateTimeFormat(locale, options));
export const numberFormat = (options: Intl.NumberFormatOptions = {}) => once('number', options, (locale) => new Intl.NumberFormat(locale, options));
export const relativeTimeFormat = (options: Intl.RelativeTimeFormatOptions) => once('relative', options, (locale) => new Intl.RelativeTimeFormat(locale, options));
export const regionNames = () => once('region', {}, (locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/**
 * A page's first formatter loads the browser's locale data, about 40 ms on a mid-range phone. Made in
 * a task of its own while the first screen's files download, the first render no longer carries it.
 */
export function prepareFormatters(): void {
  setTimeout(() => numberFormat().format(0), 0);
}
