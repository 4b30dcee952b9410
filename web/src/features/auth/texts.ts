import { text, texts } from '@swapyard/contract';
import en from './locales/auth.en.json';

/** Texts of the sign-in pages that depend on the community's settings (issue 15). */
export const AUTH_TEXT = texts(
  'auth',
  { en, es: () => import('./locales/auth.es.json'), de: () => import('./locales/auth.de.json') },
  {
    community: {
      rulesHeading: text(),
      noRules: text(),
      backToRegister: text(),
      acceptRules: text(),
      inviteOnlyHeading: text(),
      inviteOnly: text(),
      checkingInvite: text(),
      invitedBy: text(),
    },
    /** Issue 16: where a mail's unsubscribe link lands. */
    unsubscribe: {
      kinds: {
        proposals: text(),
        messages: text(),
        ratings: text(),
        community: text(),
        savedSearches: text(),
        weeklySummary: text(),
      },
      heading: text(),
      willSwitchOff: text('kind'),
      unknownLink: text(),
      confirm: text(),
      done: text('kind'),
      failed: text(),
      preferences: text(),
    },
  },
);
