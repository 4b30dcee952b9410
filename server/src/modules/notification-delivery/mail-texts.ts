import { text, texts } from '@swapyard/contract';
import en from './locales/mails.en.json';

/**
 * The words of every notification mail (docs/decisions/021), plain: mails.ts escapes them where
 * they go into HTML, as it does every value.
 */
export const MAIL_TEXT = texts(
  'mails',
  { en, es: () => import('./locales/mails.es.json'), de: () => import('./locales/mails.de.json') },
  {
    /** What a mail's footer calls each kind of notice, keyed by NotificationKind (the preference's name). */
    kinds: {
      proposals: text(),
      messages: text(),
      ratings: text(),
      community: text(),
      savedSearches: text(),
    },
    /** A notice's mail: its title and body are the notice's own. */
    notification: {
      /** Before the link, in the plain text. */
      openIn: text('community'),
      /** The button. */
      open: text('community'),
      /** `kind`: one of `kinds`. */
      because: text('kind', 'community'),
      stop: text('kind'),
    },
    /** The weekly summary's words (issue 16), kept together: the mail is its only reader. */
    weeklySummary: {
      subject: text('community'),
      heading: text(),
      notices: text('total'),
      listings: text('total'),
      more: text('count'),
      points: text('value'),
      openNotifications: text(),
      openMarketplace: text(),
      because: text('community'),
      stop: text(),
    },
    /** Under every mail, by the link to the member's notification settings. */
    footer: {
      preferences: text(),
    },
  },
);
