import { text, texts, type ReportReason, type TextDef } from '@swapyard/contract';
import en from './locales/report.en.json';

/** The report dialog's labels: listings, profiles and chats show the same dialog. */
export const REPORT_TEXT = texts(
  'report',
  { en, es: () => import('./locales/report.es.json'), de: () => import('./locales/report.de.json') },
  {
    button: text(),
    titles: { item: text(), user: text(), message: text() },
    description: text(),
    reasonLegend: text(),
    /** Keyed by the reason as the API sends and stores it. */
    reasons: {
      spam: text(),
      prohibited: text(),
      scam: text(),
      harassment: text(),
      other: text(),
    } satisfies Record<ReportReason, TextDef>,
    note: text(),
    send: text(),
  },
);
