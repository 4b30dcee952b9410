import { ITEM_VALUE_MAX } from '@swapyard/contract';

/**
 * Texts only the listing screens show, kept beside them rather than in WEB_TEXT so the sign-in
 * screen does not download them; SPEC's own words come from the contract's TEXT.items.
 */
export const ITEMS_TEXT = {
  form: {
    title: 'Title',
    description: 'Description',
    selectCategory: 'Select a category',
    value: 'Value (in points)',
    images: 'Images',
    imagesHint: (count: number, max: number) =>
      `${String(count)} of ${String(max)} images. JPEG, PNG, WebP or GIF; the first one is the cover.`,
    imageAlt: (position: number) => `Image ${String(position)}`,
    removeImage: (position: number) => `Remove image ${String(position)}`,
    moveEarlier: (position: number) => `Move image ${String(position)} earlier`,
    moveLater: (position: number) => `Move image ${String(position)} later`,
    uploading: 'Uploading',
    addSubmit: 'Add Item',
  },
  marketplace: {
    filters: 'Filters',
    minPoints: 'Min Points',
    maxPoints: 'Max Points',
    type: 'Type',
    typeAll: 'All',
    typeItems: 'Items',
    typeServices: 'Services',
    newListings: 'New listings — show',
    pointsNotApplied: `Enter whole points from 0 to ${ITEM_VALUE_MAX.toLocaleString()}: this one is not applied.`,
    maxBelowMin: 'Max Points is below Min Points, so no listing can match.',
    within: 'Within',
    anyDistance: 'Any distance',
    kilometres: (km: number) => `${String(km)} km`,
    of: 'of',
    noPlace: 'Choose a place under "of", or set yours in your profile, to search by distance.',
    sort: 'Sort',
    newest: 'Newest',
    nearest: 'Nearest',
    unplaced: (count: number) =>
      count === 1 ? '1 listing without a place is not included.' : `${count.toLocaleString()} listings without a place are not included.`,
  },
  detail: {
    posted: (date: string) => `Posted ${date}`,
    listedBy: 'Listed by',
    latestComments: 'Latest comments from swap partners',
    showImage: (position: number) => `Show image ${String(position)}`,
    openImage: (position: number, count: number) => `Open photo ${String(position)} of ${String(count)} full screen`,
    proposeExchange: 'Propose Exchange',
    contactOwner: 'Contact Owner',
    edit: 'Edit',
    delete: 'Delete',
    deleteTitle: 'Delete this item?',
    deleteBody: 'It disappears from the marketplace and your profile. This cannot be undone.',
    backToMarketplace: 'Back to Marketplace',
  },
  viewer: {
    heading: (title: string) => `Photos of ${title}`,
    position: (position: number, count: number) => `${String(position)} of ${String(count)}`,
    photoAlt: (title: string, position: number, count: number) => `${title}, photo ${String(position)} of ${String(count)}`,
    previous: 'Previous photo',
    next: 'Next photo',
    close: 'Close',
  },
  /** Issue 15: a listing a moderator hid, as its owner and the moderators see it. */
  moderation: {
    hidden: 'Hidden',
    hiddenNote: (reason: string) => `A moderator hid this listing, so other members cannot see it. Reason: ${reason}`,
    restore: 'Restore listing',
    restoreTitle: 'Restore this listing?',
    restoreBody: 'It goes back into the marketplace and its owner is told.',
    reason: 'Reason (kept in the audit log)',
    restoreFailed: 'Failed to restore the listing',
  },
  /** Issue 17: Save this search, on the marketplace. */
  saveSearch: {
    button: 'Save this search',
    title: 'Save this search',
    body: 'We will tell you when a new listing matches it, at most once an hour. Find it again under Saved searches.',
    name: 'Name',
    save: 'Save',
    pointsRange: (min: number, max: number) => `${String(min)}-${String(max)} points`,
    pointsFrom: (min: number) => `from ${String(min)} points`,
    pointsUpTo: (max: number) => `up to ${String(max)} points`,
    within: (km: number) => `within ${String(km)} km`,
  },
} as const;
