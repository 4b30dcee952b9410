import { z } from 'zod';
import { MARKETPLACE_PAGE_SIZE } from './constants.ts';
import { listedItem } from './items.ts';
import { pageQuery } from './paging.ts';

/** The member's saved listings, newest saved first, as the marketplace shows them: swapped or withdrawn ones too, by their status. */
export const favouritesQuery = pageQuery(MARKETPLACE_PAGE_SIZE, MARKETPLACE_PAGE_SIZE);

export const favouritePage = z.object({
  items: z.array(listedItem),
  /** Opaque; pass it back as `cursor` for the next page. Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type FavouritePage = z.infer<typeof favouritePage>;

