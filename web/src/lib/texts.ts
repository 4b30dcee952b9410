import { text, texts } from '@swapyard/contract';
import en from './locales/web.en.json';

/** Texts the web shows across its features and shared components: navigation, sign-in, common words. */
export const WEB_TEXT = texts(
  'web',
  { en, es: () => import('./locales/web.es.json'), de: () => import('./locales/web.de.json') },
  {
    brand: text(),
    nav: {
      home: text(),
      marketplace: text(),
      addItem: text(),
      messages: text(),
      profile: text(),
      notifications: text(),
      history: text(),
      settings: text(),
      proposals: text(),
      favourites: text(),
      savedSearches: text(),
      admin: text(),
      logOut: text(),
      openMenu: text(),
      closeMenu: text(),
      mainLabel: text(),
      menuLabel: text(),
      bottomLabel: text(),
      skipToContent: text(),
      unread: text('count'),
    },
    notices: {
      view: text(),
    },
    /** The credit the gazetteer's licence asks for (docs/decisions/022), under every signed-in page. */
    credits: {
      /** <link> goes to GeoNames, <licence> to the licence. */
      places: text(),
    },
    /** Accept and Decline, offered on the proposal page and in the notifications list. */
    answers: {
      accept: text(),
      decline: text(),
      confirmTitle: text(),
      /** `receive` is the offer's parts joined (joinWithAnd), `receiveCount` how many there are (0: nothing). */
      confirmBody: text('give', 'receive', 'receiveCount'),
      /** `give` is the offer's parts joined (joinWithAnd), `giveCount` how many there are (0: nothing). */
      confirmSenderBody: text('give', 'receive', 'giveCount'),
      confirming: text(),
      notYet: text(),
      // Cancel: the first offer is the sender's proposal; after a counter, either side may take back what they offered.
      cancelProposal: text(),
      cancelTitle: text(),
      cancelBody: text(),
      cancelOffer: text(),
      cancelOfferBody: text(),
      keepProposal: text(),
      cancelFailed: text(),
    },
    /** Where a proposal stands, on the proposal screens and on its card in a chat. */
    proposalStatus: {
      pending: text(),
      accepted: text(),
      declined: text(),
      cancelled: text(),
      countered: text(),
      reversed: text(),
      completed: text(),
    },
    /** What a profile and an item page say of a member, so others can judge a swap with them. */
    trust: {
      memberSince: text('monthYear'),
      completedSwaps: text('count'),
      /** `average` comes formatted ("4.5"). */
      rating: text('average', 'count'),
      noRatings: text(),
      starsOutOfFive: text('stars'),
      repliesWithinHour: text(),
      repliesWithinHours: text(),
      repliesWithinDay: text(),
      repliesInDays: text(),
    },
    points: text('points'),
    /** Issue 17: how far a listing is, in whole kilometres as the server rounds them (0: under 1 km). */
    distanceAway: text('km'),
    account: {
      /** The signed-out pages' language picker; a member chooses in Settings. */
      languageLabel: text(),
      loginHeading: text(),
      registerHeading: text(),
      emailLabel: text(),
      emailAddressLabel: text(),
      passwordLabel: text(),
      fullNameLabel: text(),
      confirmPasswordLabel: text(),
      newPasswordLabel: text(),
      rememberMe: text(),
      forgotPassword: text(),
      signIn: text(),
      signUp: text(),
      createAccount: text(),
      noAccount: text(),
      haveAccount: text(),
      /** <link> opens the terms. */
      acceptTerms: text(),
      termsLink: text(),
      forgotHeading: text(),
      forgotIntro: text(),
      sendResetLink: text(),
      resetHeading: text(),
      resetPassword: text(),
      backToSignIn: text(),
      confirmEmailHeading: text(),
      confirmingEmail: text(),
      continueToApp: text('community'),
    },
    pages: {
      welcome: text('firstName'),
      marketplace: text(),
      item: text(),
      editItem: text(),
      addItem: text(),
      proposeExchange: text(),
      messages: text(),
      chat: text(),
      profile: text(),
      history: text(),
      notifications: text(),
      proposal: text(),
      favourites: text(),
      savedSearches: text(),
    },
    /** The Save toggle on cards and on the item page (components/favourite-button.tsx). */
    favourites: {
      save: text(),
      saved: text(),
    },
    /** Shared by several features, or by components; each feature keeps its own texts beside it. */
    common: {
      category: text(),
      location: text(),
      cancel: text(),
      saveChanges: text(),
      retry: text(),
      loadMore: text(),
      /** Shown from 80% of a field's limit, so a paste cut at the limit never passes unnoticed. */
      charactersUsed: text('used', 'max'),
      limitReached: text('max'),
      justNow: text(),
      notSavedOffline: text(),
      loadsWhenOnline: text(),
      /** Two parts of a list, "10 points and Blue bike" (joinWithAnd). */
      and: text('first', 'second'),
    },
    /** Keyed by the item's status as the API sends it. */
    itemStatus: {
      available: text(),
      swapped: text(),
      withdrawn: text(),
    },
    notFound: {
      heading: text(),
      body: text(),
      backHome: text(),
    },
    routeError: {
      reload: text(),
    },
    /** Block and Unblock, on a profile and in a chat (issue 15). */
    blocks: {
      block: text(),
      unblock: text(),
      confirmTitle: text('name'),
      confirmBody: text('name'),
      blockFailed: text(),
      unblockFailed: text(),
    },
  },
);

/** Parts of an offer as one phrase, "10 points and Blue bike", joined the way the language joins them. */
export function joinWithAnd(parts: readonly string[]): string {
  const [first = '', ...rest] = parts;
  return rest.reduce((joined, part) => WEB_TEXT.common.and({ first: joined, second: part }), first);
}
