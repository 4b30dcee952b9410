import { text, texts } from '@swapyard/contract';
import en from './locales/dashboard.en.json';

/** Texts only the dashboard shows, kept beside it so the sign-in screen does not download them. */
export const DASHBOARD_TEXT = texts(
  'dashboard',
  { en, es: () => import('./locales/dashboard.es.json'), de: () => import('./locales/dashboard.de.json') },
  {
    availablePoints: text(),
    yourItems: text(),
    recentListings: text(),
    viewAll: text(),
    recentMessages: text(),
    loadingMessages: text(),
    noMessages: text(),
    findItems: text(),
  },
);
