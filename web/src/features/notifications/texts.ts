/** Texts only the notifications screen shows; SPEC's own words come from the contract's TEXT.notifications. */
export const NOTIFICATIONS_TEXT = {
  markAllRead: 'Mark all as read',
  loading: 'Loading notifications...',
  loadFailed: 'Failed to load notifications',
  loadMore: 'Load more',
  unread: 'Unread',
  types: {
    message: 'Message',
    proposal: 'Proposal',
    rating: 'Rating',
    system: 'System',
    other: 'Other',
    favourite: 'Favourite',
    saved_search: 'Saved search',
  },
} as const;
