import { isLocale } from '@swapyard/contract';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { switchLanguage, useLanguage } from '../../../lib/language.ts';
import { WEB_TEXT } from '../../../lib/texts.ts';
import { LanguageOptions } from '../../../components/ui/language-options.tsx';

/**
 * The language before signing in, each in its own name, so a visitor shown the wrong one finds theirs.
 * This browser keeps the choice, and a new account starts in it; a member changes it in Settings.
 */
export function LanguagePicker() {
  const language = useLanguage();
  // Signed in (the terms, the rules), the account's language wins: it is chosen in Settings.
  if (useQuery(currentUserQuery).data) return null;
  return (
    <label className="mt-4 flex items-center justify-center gap-2 text-sm text-stone-600">
      {WEB_TEXT.account.languageLabel}
      <select
        value={language}
        onChange={(event) => {
          const locale = event.target.value;
          if (isLocale(locale)) void switchLanguage(locale).catch(() => undefined);
        }}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-sm text-stone-900"
      >
        <LanguageOptions />
      </select>
    </label>
  );
}
