import { text, texts } from '@swapyard/contract';
import en from './locales/authMails.en.json';

/** The words of every mail the account sends, in the community's name: plain text, `link` on a line of its own. */
export const AUTH_MAIL_TEXT = texts(
  'authMails',
  { en, es: () => import('./locales/authMails.es.json'), de: () => import('./locales/authMails.de.json') },
  {
    /** `minutes`: PASSWORD_RESET_MINUTES. */
    passwordReset: { subject: text('community'), body: text('community', 'minutes', 'link') },
    passwordChanged: { subject: text(), body: text('community', 'forgotLink') },
    /** `hours`: EMAIL_CHANGE_HOURS. */
    confirmEmail: { subject: text('community'), body: text('community', 'hours', 'link') },
    /** `hours`: EMAIL_CHANGE_HOURS. */
    emailChangeRequested: { subject: text('community'), body: text('community', 'newEmail', 'hours') },
  },
);
