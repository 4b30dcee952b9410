import type { PointEntry } from '@swapyard/contract';
import { WEB_TEXT } from '../../lib/texts.ts';

/** Texts only the history screen shows; SPEC's own words come from the contract's TEXT.history. */
export const HISTORY_TEXT = {
  loading: 'Loading history...',
  loadFailed: 'Failed to load history',
  loadMore: 'Load more',
  currentBalance: (points: number) => `You have ${WEB_TEXT.points({ points })}`,
  balance: (points: number) => `Balance: ${WEB_TEXT.points({ points })}`,
  viewProposal: 'View proposal',
  // Entries from a swap whose item is gone still say what they were.
  what: (entry: Pick<PointEntry, 'reason' | 'itemTitle'>) => {
    switch (entry.reason) {
      case 'signup_bonus':
        return 'Signup bonus';
      case 'swap_paid':
        return entry.itemTitle ? `Paid for ${entry.itemTitle}` : 'Paid for a swap';
      case 'swap_received':
        return entry.itemTitle ? `Received for ${entry.itemTitle}` : 'Received for a swap';
      case 'account_closed':
        return 'Account closed';
      // Its own line: a moderator undid the swap, and the points went back.
      case 'swap_reversed':
        return entry.itemTitle ? `Swap reversed: ${entry.itemTitle}` : 'Swap reversed';
    }
  },
} as const;
