/** The languages Swapyard is written in. Adding one: docs/languages.md. */
export const LOCALES = ['en', 'es', 'de'] as const;
export type Locale = (typeof LOCALES)[number];

/** Where nothing else chooses: the community's own default when an admin sets one, else this. */
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, the way a member looks for it in a list: never translated. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español', de: 'Deutsch' };

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The language an Accept-Language header asks for first among ours ("de-AT;q=0.9, en;q=0.8" is
 * German): languages by q-value, a regional variant taken as its language, q=0 never.
 */
export function negotiateLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const wanted = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0], quality: q === undefined ? 1 : Number(q), order };
    })
    .filter(({ quality }) => quality > 0 && Number.isFinite(quality))
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  return wanted.map(({ language }) => language).find(isLocale);
}
