/**
 * Texts only the web shows that the contract does not list yet; kept together so they can move
 * into the contract's TEXT in one step.
 */
export const WEB_TEXT = {
  brand: 'Swapyard',
  nav: {
    home: 'Home',
    marketplace: 'Marketplace',
    addItem: 'Add Item',
    messages: 'Messages',
    profile: 'Profile',
    notifications: 'Notifications',
    history: 'History',
    settings: 'Settings',
    proposals: 'Proposals',
    favourites: 'Favourites',
    admin: 'Admin',
    logOut: 'Log out',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    mainLabel: 'Main',
    menuLabel: 'Menu',
    bottomLabel: 'Quick links',
    skipToContent: 'Skip to content',
    unread: (count: number) => `${String(count)} unread`,
  },
  notices: {
    view: 'View',
  },
  /** The credit the gazetteer's licence asks for (docs/decisions/022), under every signed-in page. */
  credits: {
    placesFrom: 'Places from',
    geonames: 'GeoNames',
    licensedUnder: ', licensed under',
    licence: 'CC BY 4.0',
  },
  /** Accept and Decline, offered on the proposal page and in the notifications list. */
  answers: {
    accept: 'Accept',
    decline: 'Decline',
    confirmTitle: 'Accept this swap?',
    confirmBody: (give: string, receive: string[]) =>
      receive.length > 0 ? `You give ${give}, you receive ${receive.join(' and ')}.` : `You give ${give} and receive nothing in return.`,
    confirmSenderBody: (give: string[], receive: string) =>
      give.length > 0 ? `You give ${give.join(' and ')}, you receive ${receive}.` : `You receive ${receive} and give nothing in return.`,
    confirming: 'Loading what this swap moves...',
    notYet: 'Not yet',
    // Cancel: the first offer is the sender's proposal; after a counter, either side may take back what they offered.
    cancelProposal: 'Cancel Proposal',
    cancelTitle: 'Cancel this proposal?',
    cancelBody: 'The owner will no longer be able to accept it. You can send a new one later.',
    cancelOffer: 'Cancel offer',
    cancelOfferBody: 'The other member will no longer be able to accept it, and the swap ends here.',
    keepProposal: 'Keep proposal',
    cancelFailed: 'Failed to cancel proposal',
  },
  /** Where a proposal stands, on the proposal screens and on its card in a chat. */
  proposalStatus: {
    pending: 'Pending',
    accepted: 'Accepted',
    declined: 'Declined',
    cancelled: 'Cancelled',
    countered: 'Countered',
    reversed: 'Reversed',
    completed: 'Completed',
  },
  /** What a profile and an item page say of a member, so others can judge a swap with them. */
  trust: {
    memberSince: (monthYear: string) => `Member since ${monthYear}`,
    completedSwaps: (count: number) => `${String(count)} completed ${count === 1 ? 'swap' : 'swaps'}`,
    rating: (average: string, count: number) => `${average} (${String(count)} ${count === 1 ? 'rating' : 'ratings'})`,
    noRatings: 'No ratings yet',
    starsOutOfFive: (stars: number) => `${String(stars)} of 5 stars`,
    repliesWithinHour: 'Usually replies within an hour',
    repliesWithinHours: 'Usually replies within a few hours',
    repliesWithinDay: 'Usually replies within a day',
    repliesInDays: 'Usually replies in a few days',
  },
  points: (points: number) => `${String(points)} ${points === 1 ? 'point' : 'points'}`,
  /** Issue 17: how far a listing is, in whole kilometres as the server rounds them. */
  distanceAway: (km: number) => (km < 1 ? 'Under 1 km away' : `${String(km)} km away`),
  account: {
    loginHeading: 'Sign in to your account',
    registerHeading: 'Create your account',
    emailLabel: 'Email',
    emailAddressLabel: 'Email address',
    passwordLabel: 'Password',
    fullNameLabel: 'Full Name',
    confirmPasswordLabel: 'Confirm Password',
    newPasswordLabel: 'New Password',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot your password?',
    signIn: 'Sign in',
    signUp: 'Sign up',
    createAccount: 'Create Account',
    noAccount: "Don't have an account?",
    haveAccount: 'Already have an account?',
    acceptTermsBefore: 'I agree to the ',
    termsLink: 'Terms and Conditions',
    forgotHeading: 'Reset your password',
    forgotIntro: "Enter your account's email address and we'll send you a link to choose a new password.",
    sendResetLink: 'Send reset link',
    resetHeading: 'Choose a new password',
    resetPassword: 'Reset Password',
    backToSignIn: 'Back to sign in',
    confirmEmailHeading: 'Confirm your new email address',
    confirmingEmail: 'Confirming your new email address...',
    continueToApp: (community: string) => `Continue to ${community}`,
  },
  pages: {
    welcome: (firstName: string) => `Welcome, ${firstName}`,
    marketplace: 'Marketplace',
    item: 'Item details',
    editItem: 'Edit Item',
    addItem: 'Add Item',
    proposeExchange: 'Propose Exchange',
    messages: 'Messages',
    chat: 'Chat',
    profile: 'Profile',
    history: 'History',
    notifications: 'Notifications',
    proposal: 'Proposal',
    favourites: 'Favourites',
  },
  /** The Save toggle on cards and on the item page (components/favourite-button.tsx). */
  favourites: {
    save: 'Save',
    saved: 'Saved',
  },
  /** Shared by several features, or by components; each feature keeps its own texts beside it. */
  common: {
    category: 'Category',
    location: 'Location',
    cancel: 'Cancel',
    saveChanges: 'Save Changes',
    retry: 'Try again',
    loadMore: 'Load more',
    /** Shown from 80% of a field's limit, so a paste cut at the limit never passes unnoticed. */
    charactersUsed: (used: number, max: number) => `${used.toLocaleString()} of ${max.toLocaleString()} characters`,
    limitReached: (max: number) => `Limit reached: ${max.toLocaleString()} characters, and nothing past it was kept`,
    justNow: 'just now',
    notSavedOffline: 'Not available offline',
    loadsWhenOnline: 'This was not opened on this device before, so nothing of it was saved. It loads as soon as you are back online.',
  },
  itemStatus: {
    available: 'Available',
    swapped: 'Swapped',
    withdrawn: 'Withdrawn',
  },
  notFound: {
    heading: 'Page not found',
    body: "The page you are looking for doesn't exist or has moved.",
    backHome: 'Back to Home',
  },
  routeError: {
    reload: 'Reload page',
  },
  /** Block and Unblock, on a profile and in a chat (issue 15). */
  blocks: {
    block: 'Block',
    unblock: 'Unblock',
    confirmTitle: (name: string) => `Block ${name}?`,
    confirmBody: (name: string) =>
      `${name} won't be able to message you or send you proposals, and you won't be able to contact them. Any pending proposals between you are withdrawn, and their listings no longer show in your marketplace. They aren't told. You can unblock them at any time in Settings.`,
    blockFailed: 'Failed to block this member. Please try again.',
    unblockFailed: 'Failed to unblock this member. Please try again.',
  },
} as const;
