import type { ItemStatus, marketplaceQuery, proposalListQuery } from '@swapyard/contract';
import type { z } from 'zod';

export type MarketplaceFilters = Omit<z.output<typeof marketplaceQuery>, 'cursor' | 'limit'>;
export type ProposalBox = z.output<typeof proposalListQuery>['box'];

/*
 * Every key of the query cache, family by family. Features cache the same answers and the realtime
 * hook refreshes them all, so the keys live here and nowhere else. Each family shares its first
 * segment: one invalidation reaches every query of it.
 */

/** The signed-in member; the only key that survives a change of session (lib/current-user.ts). */
export const sessionKeys = {
  me: ['me'] as const,
};

/** The community's name, description, rules and how to join: read by the shell and the sign-in pages alike. */
export const communityKeys = {
  public: ['community'] as const,
  /** An invite link's status, as the sign-up page checks it. */
  invite: (token: string) => ['community', 'invite', token] as const,
  /** The admin's settings page. */
  settings: ['community', 'settings'] as const,
  /** The invites page's list. */
  invites: ['community', 'invites'] as const,
};

/** The member's own account, as the settings page shows it. */
export const accountKeys = {
  emailChange: ['account', 'email-change'] as const,
  notificationPreferences: ['account', 'notification-preferences'] as const,
};

/** Whether this device (the session) has a Web Push subscription, and which (settings). */
export const pushKeys = {
  device: ['push', 'device'] as const,
};

/** The browsers the member is signed in with (settings). */
export const deviceKeys = {
  list: ['devices'] as const,
};

export const itemKeys = {
  all: ['items'] as const,
  lists: ['items', 'list'] as const,
  list: (filters: MarketplaceFilters) => ['items', 'list', filters] as const,
  recent: ['items', 'recent'] as const,
  byOwner: (ownerId: string) => ['items', 'owner', ownerId] as const,
  /** Under the owner's key, so whatever refreshes their items refreshes these too. */
  byOwnerInStatus: (ownerId: string, status: ItemStatus) => ['items', 'owner', ownerId, status] as const,
  detail: (id: string) => ['items', 'detail', id] as const,
  /** The member's Favourites page: under items, so a change to any listing refreshes it too. */
  favourites: ['items', 'favourites'] as const,
};

/** The place picker's suggestions for what was typed: the gazetteer does not change while a release runs. */
export const placeKeys = {
  search: (text: string) => ['places', 'search', text] as const,
};

/** The member's saved searches, with their new-match counts (issue 17). */
export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};

/** The members the signed-in member blocked (settings, and the Block or Unblock on a profile or in a chat). */
export const blockKeys = {
  list: ['blocks'] as const,
};

/** Public profiles. */
export const userKeys = {
  detail: (id: string) => ['users', id] as const,
  /** Under the profile's key: a new rating refreshes both the average and the list. */
  ratings: (id: string) => ['users', id, 'ratings'] as const,
};

export const proposalKeys = {
  all: ['proposals'] as const,
  lists: ['proposals', 'list'] as const,
  list: (box: ProposalBox) => ['proposals', 'list', box] as const,
  /** Under the sent list's key, so whatever refreshes the sent list refreshes this too. */
  pendingFor: (itemId: string) => ['proposals', 'list', 'sent', 'pending', itemId] as const,
  detail: (id: string) => ['proposals', 'detail', id] as const,
  /** The cards in a chat: under the lists' key, so every answer and every proposals event refreshes them. */
  inConversation: (conversationId: string) => ['proposals', 'list', 'conversation', conversationId] as const,
  /** Under proposals, so a proposals.updated event (a reversal) refreshes it too. */
  problems: (id: string) => ['proposals', 'problems', id] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  /** Holds a one-entry NotificationPage, read for its unreadCount (api/unread-counts.ts, the navigation's badge). */
  unread: ['notifications', 'unread'] as const,
};

export const historyKeys = {
  all: ['history'] as const,
  entries: ['history', 'entries'] as const,
};

export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  /** Under the list's key, so whatever refreshes the list (a message, a read, an event) refreshes every search too. */
  search: (q: string) => ['conversations', 'list', 'search', q] as const,
  /** The dashboard's few newest. */
  recent: ['conversations', 'recent'] as const,
  /** Holds a one-entry ConversationPage, read for its unreadConversations (the navigation's badge). */
  unread: ['conversations', 'unread'] as const,
  /** Every conversation's own answer: the chats, whose headers show the other member's presence. */
  details: ['conversations', 'one'] as const,
  detail: (id: string) => ['conversations', 'one', id] as const,
  messages: (id: string) => ['conversations', 'messages', id] as const,
  /** What a read changes: the lists with their unread counts and the navigation's badge, not the chat itself. */
  readCounts: [
    ['conversations', 'list'],
    ['conversations', 'recent'],
    ['conversations', 'unread'],
  ] as const,
};

/** The operator's Members page and a member as moderators see them (admin). */
export const adminMemberKeys = {
  all: ['admin-members'] as const,
  list: (q: string) => ['admin-members', 'list', q] as const,
  detail: (id: string) => ['admin-members', 'detail', id] as const,
};

/** The moderators' screens (issue 15): the reports queue and the audit log with its filters. */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: ['moderation', 'queue'] as const,
  swapProblems: ['moderation', 'swap-problems'] as const,
  audit: (actorId: string, targetUserId: string) => ['moderation', 'audit', actorId, targetUserId] as const,
};
