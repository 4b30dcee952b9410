import { text, texts } from '@swapyard/contract';
import en from './locales/conversations.en.json';

/** Texts only the conversations screens show, besides TEXT.conversations. */
export const CONVERSATION_TEXT = texts(
  'conversations',
  { en, es: () => import('./locales/conversations.es.json'), de: () => import('./locales/conversations.de.json') },
  {
    searchPlaceholder: text(),
    searchLabel: text(),
    itemTag: text(),
    unread: text('count'),
    loading: text(),
    loadingMessages: text(),
    olderMessages: text(),
    moreConversations: text(),
    messageLabel: text(),
    messagePlaceholder: text(),
    send: text(),
    attachImage: text(),
    // The photo in a message is a link to its full size: its alt text names where the link goes.
    openPhoto: text(),
    uploading: text(),
    /** `when` is a relative time or a date, as formatTimeAgo writes it. */
    lastSeen: text('when'),
    offline: text(),
    backToMessages: text(),
    you: text(),
    waiting: text(),
    noMatches: text(),
    /** Issue 15: the menu on another member's message. */
    moreActions: text(),
    moreActionsFor: text('time'),
    /** Issue 22: a proposal between the two, shown among the messages. */
    proposalCard: {
      yourOffer: text(),
      offerFrom: text('name'),
      /** `offer` is the offer's parts joined (joinWithAnd), `offerCount` how many there are (0: nothing). */
      terms: text('offer', 'item', 'offerCount'),
      open: text(),
      counterOffer: text(),
      loadFailed: text(),
    },
  },
);
