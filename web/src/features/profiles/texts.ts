/**
 * Texts only the profile screen shows, kept beside it so the sign-in screen does not download
 * them; SPEC's own words come from the contract's TEXT.profile.
 */
export const PROFILES_TEXT = {
  editProfile: 'Edit Profile',
  displayName: 'Display Name',
  bio: 'Bio',
  changePhoto: 'Change photo',
  about: 'About',
  listedItems: 'Listed Items',
  sendMessage: 'Send Message',
  itemCount: (count: number) => `${String(count)} ${count === 1 ? 'item' : 'items'}`,
  itemsLoadFailed: 'Failed to load user items.',
  ratings: 'Ratings',
  ratingsLoadFailed: 'Failed to load ratings.',
  loadingRatings: 'Loading ratings...',
  /** Issue 15: the owner's own listing that a moderator hid; nobody else sees it. */
  hidden: 'Hidden',
} as const;
