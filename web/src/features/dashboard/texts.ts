/** Texts only the dashboard shows, kept beside it so the sign-in screen does not download them. */
export const DASHBOARD_TEXT = {
  availablePoints: 'Available Points',
  yourItems: 'Your Items',
  recentListings: 'Recent Listings',
  viewAll: 'View all',
  recentMessages: 'Recent Messages',
  noMessages: 'No messages yet.',
  findItems: 'Find items to swap',
} as const;
