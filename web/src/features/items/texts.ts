import { text, texts } from '@swapyard/contract';
import en from './locales/items.en.json';

/**
 * Texts only the listing screens show, kept beside them rather than in WEB_TEXT so the sign-in
 * screen does not download them; SPEC's own words come from the contract's TEXT.items.
 */
export const ITEMS_TEXT = texts(
  'items',
  { en, es: () => import('./locales/items.es.json'), de: () => import('./locales/items.de.json') },
  {
    form: {
      title: text(),
      description: text(),
      selectCategory: text(),
      value: text(),
      images: text(),
      imagesHint: text('count', 'max'),
      imageAlt: text('position'),
      removeImage: text('position'),
      moveEarlier: text('position'),
      moveLater: text('position'),
      uploading: text(),
      addSubmit: text(),
    },
    marketplace: {
      filters: text(),
      loadingFilters: text(),
      filtersLoadFailed: text(),
      minPoints: text(),
      maxPoints: text(),
      type: text(),
      typeAll: text(),
      typeItems: text(),
      typeServices: text(),
      newListings: text(),
      /** `max`: ITEM_VALUE_MAX. */
      pointsNotApplied: text('max'),
      maxBelowMin: text(),
      within: text(),
      anyDistance: text(),
      kilometres: text('km'),
      of: text(),
      noPlace: text(),
      sort: text(),
      newest: text(),
      nearest: text(),
      unplaced: text('count'),
    },
    detail: {
      posted: text('date'),
      listedBy: text(),
      latestComments: text(),
      showImage: text('position'),
      openImage: text('position', 'count'),
      proposeExchange: text(),
      contactOwner: text(),
      edit: text(),
      delete: text(),
      deleteTitle: text(),
      deleteBody: text(),
      backToMarketplace: text(),
    },
    viewer: {
      heading: text('title'),
      position: text('position', 'count'),
      photoAlt: text('title', 'position', 'count'),
      previous: text(),
      next: text(),
      close: text(),
    },
    /** Issue 15: a listing a moderator hid, as its owner and the moderators see it. */
    moderation: {
      hidden: text(),
      hiddenNote: text('reason'),
      restore: text(),
      restoreTitle: text(),
      restoreBody: text(),
      reason: text(),
      restoreFailed: text(),
    },
    /** Issue 17: Save this search, on the marketplace. */
    saveSearch: {
      button: text(),
      title: text(),
      body: text(),
      name: text(),
      save: text(),
      pointsRange: text('min', 'max'),
      pointsFrom: text('min'),
      pointsUpTo: text('max'),
      within: text('km'),
    },
  },
);
