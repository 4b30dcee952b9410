import { text, texts } from '@swapyard/contract';
import en from './locales/profiles.en.json';

/**
 * Texts only the profile screen shows, kept beside it so the sign-in screen does not download
 * them; SPEC's own words come from the contract's TEXT.profile.
 */
export const PROFILES_TEXT = texts(
  'profiles',
  { en, es: () => import('./locales/profiles.es.json'), de: () => import('./locales/profiles.de.json') },
  {
    editProfile: text(),
    /** Not in SPEC.md: the edit form's code is fetched when it is opened (issue 19). */
    loadingForm: text(),
    formLoadFailed: text(),
    displayName: text(),
    bio: text(),
    changePhoto: text(),
    about: text(),
    listedItems: text(),
    sendMessage: text(),
    itemCount: text('count'),
    itemsLoadFailed: text(),
    ratings: text(),
    ratingsLoadFailed: text(),
    loadingRatings: text(),
    /** Issue 15: the owner's own listing that a moderator hid; nobody else sees it. */
    hidden: text(),
  },
);
