/** Texts only the settings page shows, kept beside it so other pages do not download them; one block per section. */
export const SETTINGS_TEXT = {
  password: {
    heading: 'Password',
    description: 'Choose a new password. Every other device signed in to your account will be signed out.',
    currentLabel: 'Current password',
    newLabel: 'New password',
    confirmLabel: 'Confirm new password',
    submit: 'Change password',
    changed: 'Password changed',
    failed: 'Failed to change password',
  },
  email: {
    heading: 'Email',
    description: 'We send a link to the new address, and your email changes once you open it.',
    currentAddress: 'Current address',
    newLabel: 'New email address',
    currentPasswordLabel: 'Current password',
    submit: 'Change email',
    sent: (email: string) => `Check ${email} for the link that confirms it.`,
    failed: 'Failed to change email',
    pendingTitle: 'Waiting for confirmation',
    pendingBody: (email: string) => `We sent a link to ${email}. Your email changes when you open it, within 24 hours.`,
    cancel: 'Cancel change',
    cancelled: 'Email change cancelled',
    cancelFailed: 'Failed to cancel the email change',
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
