/** Texts only the settings page shows, kept beside it so other pages do not download them; one block per section. */
export const SETTINGS_TEXT = {
  password: {
    heading: 'Password',
  },
  email: {
    heading: 'Email',
  },
  devices: {
    heading: 'Signed-in devices',
    description: "Everywhere your account is signed in right now. Sign out of any device you don't recognise.",
    thisDevice: 'This device',
    signOut: 'Sign out',
    signOutOthers: 'Sign out everywhere else',
    unknownBrowser: 'Unknown browser',
    unknownSystem: 'unknown system',
    deviceName: (browser: string, os: string) => `${browser} on ${os}`,
    signedIn: 'Signed in',
    lastUsed: 'Last used',
    onlyThisOne: 'This is the only device signed in to your account.',
    loading: 'Loading your devices...',
    loadFailed: 'Failed to load your devices',
    signedOut: 'That device has been signed out',
    signedOutOthers: 'All your other devices have been signed out',
    signOutFailed: 'Failed to sign out. Please try again.',
  },
  data: {
    heading: 'Your data',
    description:
      'One zip file with everything Swapyard keeps about you: your profile, listings, proposals, conversations, notifications, points and ratings, and the pictures you uploaded.',
    download: 'Download my data',
    note: 'A large account can take a minute to download.',
  },
  deleteAccount: {
    heading: 'Delete account',
  },
} as const;
