import { text, texts, type PointEntry } from '@swapyard/contract';
import en from './locales/history.en.json';

/** Texts only the history screen shows; SPEC's own words come from the contract's TEXT.history. */
export const HISTORY_TEXT = texts(
  'history',
  { en, es: () => import('./locales/history.es.json'), de: () => import('./locales/history.de.json') },
  {
    loading: text(),
    loadFailed: text(),
    loadMore: text(),
    currentBalance: text('points'),
    balance: text('points'),
    viewProposal: text(),
    /** What an entry was, by its reason (entryWhat); `…NoItem` where the swap's item is gone. */
    what: {
      signupBonus: text(),
      swapPaid: text('itemTitle'),
      swapPaidNoItem: text(),
      swapReceived: text('itemTitle'),
      swapReceivedNoItem: text(),
      accountClosed: text(),
      swapReversed: text('itemTitle'),
      swapReversedNoItem: text(),
    },
  },
);

/** What an entry was, from its reason as the API sends it. */
export function entryWhat(entry: Pick<PointEntry, 'reason' | 'itemTitle'>): string {
  const t = HISTORY_TEXT.what;
  const { itemTitle } = entry;
  // Entries from a swap whose item is gone still say what they were.
  switch (entry.reason) {
    case 'signup_bonus':
      return t.signupBonus;
    case 'swap_paid':
      return itemTitle ? t.swapPaid({ itemTitle }) : t.swapPaidNoItem;
    case 'swap_received':
      return itemTitle ? t.swapReceived({ itemTitle }) : t.swapReceivedNoItem;
    case 'account_closed':
      return t.accountClosed;
    // Its own line: a moderator undid the swap, and the points went back.
    case 'swap_reversed':
      return itemTitle ? t.swapReversed({ itemTitle }) : t.swapReversedNoItem;
  }
}
