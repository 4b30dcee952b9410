import type { CommunitySettings } from '@swapyard/contract';

/** The settings the migration starts a community with: a test that saves these leaves it as it was. */
export const DEFAULT_COMMUNITY_SETTINGS: CommunitySettings = {
  name: 'Swapyard',
  description: '',
  welcomePoints: 100,
  rules: '',
  joinMode: 'open',
  allowedDomains: [],
  newMemberDays: 2,
  newMemberListingsPerDay: 5,
  newMemberConversationsPerDay: 10,
  // DEFAULT_LOCALE's default: the migration leaves the community's language unset.
  defaultLocale: 'en',
};
