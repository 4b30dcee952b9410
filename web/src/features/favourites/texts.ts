import { text, texts } from '@swapyard/contract';
import en from './locales/favourites.en.json';

/** What the Favourites page says; the server's words (empty state, failures) come from the contract's TEXT.favourites. */
export const FAVOURITES_TEXT = texts(
  'favourites',
  { en, es: () => import('./locales/favourites.es.json'), de: () => import('./locales/favourites.de.json') },
  {
    loadMore: text(),
    intro: text(),
  },
);
