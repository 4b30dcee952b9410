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
  },
  data: {
    heading: 'Your data',
  },
  deleteAccount: {
    heading: 'Delete account',
  },
} as const;
