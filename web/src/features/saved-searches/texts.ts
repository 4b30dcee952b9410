import { text, texts } from '@swapyard/contract';
import en from './locales/savedSearches.en.json';

/** Texts only the Saved searches pages show; the server's words come from the contract's TEXT.savedSearches. */
export const SAVED_SEARCHES_TEXT = texts(
  'savedSearches',
  { en, es: () => import('./locales/savedSearches.es.json'), de: () => import('./locales/savedSearches.de.json') },
  {
    intro: text(),
    loading: text(),
    loadFailed: text(),
    emptyTitle: text(),
    emptyBody: text(),
    newMatches: text('count'),
    noNewMatches: text(),
    near: text('place', 'km'),
    open: text(),
    rename: text(),
    renameTitle: text(),
    renameBody: text(),
    name: text(),
    save: text(),
    renamed: text(),
    renameFailed: text(),
    delete: text(),
    deleteTitle: text(),
    deleteBody: text(),
    deleted: text(),
    deleteFailed: text(),
    opening: text(),
    openFailed: text(),
  },
);
