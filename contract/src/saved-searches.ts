import { z } from 'zod';
import { CATEGORIES, ITEM_TYPES, SAVED_SEARCH_NAME_MAX_LENGTH } from './constants.ts';
import { marketplaceQuery } from './items.ts';
import { placeSummary } from './places.ts';
import { TEXT } from './texts.ts';

const t = TEXT.savedSearches;

/** The marketplace's filters a search keeps: its query less paging, sort and the free-text location. */
export const savedSearchFilters = marketplaceQuery.pick({
  q: true,
  category: true,
  type: true,
  minValue: true,
  maxValue: true,
  near: true,
  within: true,
});
export type SavedSearchFilters = z.output<typeof savedSearchFilters>;

const savedSearchName = z
  .string({ error: () => t.nameRequired })
  .trim()
  .min(1, { error: () => t.nameRequired })
  .max(SAVED_SEARCH_NAME_MAX_LENGTH, { error: () => t.nameRequired });

export const savedSearchCreateBody = z.object({ name: savedSearchName, filters: savedSearchFilters });
export type SavedSearchCreateBody = z.input<typeof savedSearchCreateBody>;

export const savedSearchRenameBody = z.object({ name: savedSearchName });
export type SavedSearchRenameBody = z.input<typeof savedSearchRenameBody>;

export const savedSearchParams = z.object({ id: z.uuid({ error: () => t.notFound }) });

export const savedSearch = z.object({
  id: z.uuid(),
  name: z.string(),
  filters: z.object({
    q: z.string().nullable(),
    category: z.enum(CATEGORIES).nullable(),
    type: z.enum(ITEM_TYPES),
    minValue: z.number().int().nullable(),
    maxValue: z.number().int().nullable(),
    near: z.number().int().nullable(),
    within: z.number().int().nullable(),
  }),
  /** The place `near` names, to show its name. */
  place: placeSummary.nullable(),
  /** Listings that matched since the member last opened it and are still available. */
  newMatches: z.number().int(),
  createdAt: z.iso.datetime(),
  lastOpenedAt: z.iso.datetime(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

export const savedSearchResponse = z.object({ savedSearch });
export type SavedSearchResponse = z.infer<typeof savedSearchResponse>;

/** Newest first; a member keeps at most SAVED_SEARCHES_MAX, so there is one page. */
export const savedSearchList = z.object({ savedSearches: z.array(savedSearch) });
export type SavedSearchList = z.infer<typeof savedSearchList>;
