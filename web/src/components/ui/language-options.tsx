import { LOCALE_NAMES, LOCALES } from '@swapyard/contract';

/** A select's choice of language, each in its own name, so someone shown the wrong one still finds theirs. */
export function LanguageOptions() {
  return LOCALES.map((locale) => (
    <option key={locale} value={locale} lang={locale}>
      {LOCALE_NAMES[locale]}
    </option>
  ));
}
