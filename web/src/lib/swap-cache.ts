import type { proposalListQuery } from '@swapyard/contract';
import type { z } from 'zod';

export type ProposalBox = z.output<typeof proposalListQuery>['box'];

/*
 * Proposals, notifications and the points ledger are cached by several features and refreshed by
 * the realtime hook, so their keys live in one place. Each family shares its first segment: one
 * invalidation reaches every query of it.
 */
export const proposalKeys = {
  all: ['proposals'] as const,
  lists: ['proposals', 'list'] as const,
  list: (box: ProposalBox) => ['proposals', 'list', box] as const,
  detail: (id: string) => ['proposals', 'detail', id] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  /** Holds a one-entry NotificationPage, read for its unreadCount (lib/unread-counts.ts, the navigation's badge). */
  unread: ['notifications', 'unread'] as const,
};

export const historyKeys = {
  all: ['history'] as const,
  entries: ['history', 'entries'] as const,
};
