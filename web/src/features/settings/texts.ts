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
    description: 'Leave Swapyard for good. This cannot be undone.',
    button: 'Delete my account',
    dialogTitle: 'Delete your account?',
    dialogBody:
      'Your listings and their photos are removed, and the proposals you have open are cancelled or declined. ' +
      'Your points go with the account. The members you chatted or swapped with keep their messages and ratings, ' +
      'where you are shown as "Former member". You will be signed out everywhere, and you can sign up again with the same email.',
    passwordLabel: 'Your password',
    passwordHint: 'To make sure it is really you.',
    confirm: 'Delete my account for good',
    failed: 'Your account could not be deleted. Please try again.',
  },
} as const;
