import { isLocale } from '@swapyard/contract';
import { SectionCard } from '../../../components/ui/section-card.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { useSaveLanguage } from '../api/save-language.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { LanguageOptions } from '../../../components/ui/language-options.tsx';

const t = SETTINGS_TEXT.language;

/** Each language in its own name, so a member lost in the wrong one still finds theirs. */
export function LanguageSection() {
  const language = useLanguage();
  const save = useSaveLanguage();
  return (
    <SectionCard title={t.heading} description={t.description}>
      <Select
        label={t.label}
        value={language}
        disabled={save.isPending}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          save.mutate({ locale });
        }}
      >
        <LanguageOptions />
      </Select>
    </SectionCard>
  );
}
