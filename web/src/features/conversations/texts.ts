/** Texts only the conversations screens show, besides TEXT.conversations. */
export const CONVERSATION_TEXT = {
  searchPlaceholder: 'Search conversations...',
  searchLabel: 'Search conversations',
  itemTag: 'Item',
  unread: (count: number) => `${String(count)} unread`,
  loading: 'Loading conversations...',
  loadingMessages: 'Loading messages...',
  olderMessages: 'Load older messages',
  moreConversations: 'Load more conversations',
  messageLabel: 'Message',
  messagePlaceholder: 'Type a message...',
  send: 'Send',
  attachImage: 'Attach an image',
  // The photo in a message is a link to its full size: its alt text names where the link goes.
  openPhoto: 'Photo, open full size',
  uploading: 'Uploading image',
  lastSeen: (when: string) => `Last seen ${when}`,
  offline: 'Offline',
  backToMessages: 'Back to messages',
  you: 'You',
  waiting: 'Waiting to send',
  noMatches: 'No conversations match your search.',
  /** Issue 15: the menu on another member's message. */
  moreActions: 'More',
  moreActionsFor: (time: string) => `More actions for the message sent at ${time}`,
  /** Issue 22: a proposal between the two, shown among the messages. */
  proposalCard: {
    yourOffer: 'Your offer',
    offerFrom: (name: string) => `Offer from ${name}`,
    terms: (offer: string[], item: string) =>
      offer.length > 0 ? `${offer.join(' and ')} for ${item}` : `Nothing in exchange for ${item}`,
    open: 'View proposal',
    counterOffer: 'Counter-offer',
    loadFailed: 'The proposals between you could not be loaded.',
  },
} as const;
