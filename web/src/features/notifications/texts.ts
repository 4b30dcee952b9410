import { text, texts, type NotificationType, type TextDef } from '@swapyard/contract';
import en from './locales/notifications.en.json';

/** Texts only the notifications screen shows; SPEC's own words come from the contract's TEXT.notifications. */
export const NOTIFICATIONS_TEXT = texts(
  'notifications',
  { en, es: () => import('./locales/notifications.es.json'), de: () => import('./locales/notifications.de.json') },
  {
    markAllRead: text(),
    loading: text(),
    loadFailed: text(),
    loadMore: text(),
    unread: text(),
    /** Keyed by the notification's type as the API sends it. */
    types: {
      message: text(),
      proposal: text(),
      rating: text(),
      system: text(),
      other: text(),
      favourite: text(),
      saved_search: text(),
    } satisfies Record<NotificationType, TextDef>,
  },
);
