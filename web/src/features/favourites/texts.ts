import { TEXT } from '@swapyard/contract';

/** What the Favourites page says; the server's words (empty state, failures) come from the contract's TEXT.favourites. */
export const FAVOURITES_TEXT = {
  loading: TEXT.favourites.loading,
  loadFailed: TEXT.favourites.loadFailed,
  loadMore: 'Load more',
  intro: 'Listings you saved, newest first. Ones that were swapped stay here, marked so.',
} as const;
