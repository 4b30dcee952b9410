import { Download } from 'lucide-react';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { DATA_DOWNLOAD_URL } from '../api/download-data.ts';
import { SETTINGS_TEXT } from '../texts.ts';
import { SectionCard } from '../../../components/ui/section-card.tsx';

const t = SETTINGS_TEXT.data;

export function DataSection() {
  return (
    <SectionCard title={t.heading} description={t.description}>
      <div className="flex flex-col gap-2">
        <a href={DATA_DOWNLOAD_URL} download className={buttonClassName('secondary', 'self-start')}>
          <Download className="size-4" aria-hidden="true" />
          {t.download}
        </a>
        <p className="text-xs text-stone-600">{t.note}</p>
      </div>
    </SectionCard>
  );
}
