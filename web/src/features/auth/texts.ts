/** Texts of the sign-in pages that depend on the community's settings (issue 15). */
export const AUTH_TEXT = {
  community: {
    rulesHeading: 'Community rules',
    noRules: 'This community has not written rules of its own. The Terms and Conditions apply.',
    backToRegister: 'Back to sign up',
    acceptRulesBefore: 'I agree to the ',
    rulesLink: 'community rules',
    inviteOnlyHeading: 'This community is invite-only',
    inviteOnly: 'You can join with an invite link from a member of the community. Ask one of them to send you one.',
    checkingInvite: 'Checking your invite link...',
    invitedBy: 'You have been invited to join.',
  },
  /** Issue 16: where a mail's unsubscribe link lands. */
  unsubscribe: {
    kinds: { proposals: 'proposals', messages: 'messages', ratings: 'ratings', community: 'community notices', savedSearches: 'saved search alerts', weeklySummary: 'the weekly summary' },
    heading: 'Unsubscribe',
    willSwitchOff: (kind: string) => `This stops email about ${kind}. You still see them in the app.`,
    unknownLink: 'This unsubscribe link is not complete. You can choose what you receive in your settings.',
    confirm: 'Stop these emails',
    done: (kind: string) => `Done: you will get no more email about ${kind}.`,
    failed: 'Failed to unsubscribe',
    preferences: 'Choose which emails you get',
  },
} as const;
