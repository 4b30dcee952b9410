import type { marketplaceQuery } from '@swapyard/contract';
import type { z } from 'zod';

export type MarketplaceFilters = Omit<z.output<typeof marketplaceQuery>, 'cursor' | 'limit'>;

/*
 * Several features cache listings and profiles and the realtime hook refreshes them all, so the
 * keys live in one place. Every listing query starts with 'items': one invalidation reaches them all.
 */
export const itemKeys = {
  all: ['items'] as const,
  lists: ['items', 'list'] as const,
  list: (filters: MarketplaceFilters) => ['items', 'list', filters] as const,
  recent: ['items', 'recent'] as const,
  byOwner: (ownerId: string) => ['items', 'owner', ownerId] as const,
  detail: (id: string) => ['items', 'detail', id] as const,
};

export const userKeys = {
  detail: (id: string) => ['users', id] as const,
};
