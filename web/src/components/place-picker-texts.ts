import { text, texts } from '@swapyard/contract';
import en from './locales/placePicker.en.json';

/** The place picker's words, beside it so only the pages that show it download them. */
export const PLACE_PICKER_TEXT = texts(
  'placePicker',
  { en, es: () => import('./locales/placePicker.es.json'), de: () => import('./locales/placePicker.de.json') },
  {
    placeholder: text(),
    searching: text(),
    noMatch: text('text'),
    failed: text(),
    found: text('count'),
    chosen: text('label'),
  },
);
