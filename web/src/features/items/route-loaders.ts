import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { withTexts } from '../../lib/language.ts';
import { fetchPart } from '../../lib/page-parts.ts';
import { prefetchAnswer, prefetchFirstPage, prefetchForPage, waitWhileOpening } from '../../lib/route-prefetch.ts';
import { itemQuery } from '../../api/item.ts';
import { memberProfileQuery } from '../../api/member-profile.ts';
import { ratingsQuery } from '../../api/member-ratings.ts';
import type { MarketplaceFilters } from '../../lib/query-keys.ts';
import { itemsQuery } from './api/get-items.ts';
import { PLAIN_FILTERS } from './filters.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** What the marketplace needs once searched or filtered (search-tools.ts), with its texts. */
export const loadSearchTools = () => withTexts(import('./search-tools.ts'));

function prefetchList(filters: MarketplaceFilters): Promise<void> {
  const query = itemsQuery(filters);
  return prefetchForPage(
    query.queryKey,
    () => queryClient.prefetchInfiniteQuery(query),
    (list) => list.pages[0]?.items[0]?.image?.thumbUrl,
  );
}

export function prefetchMarketplace({ request }: LoaderFunctionArgs): Promise<null> | null {
  const { searchParams } = new URL(request.url);
  if (searchParams.size === 0) return waitWhileOpening(prefetchList(PLAIN_FILTERS));
  // Asked for now, the searched page's code comes beside the page's own and is there when it draws.
  // The filters are read by the part of it that waits for no texts, so the list is asked for sooner.
  const searchTools = fetchPart(loadSearchTools).catch(() => {
    // The page asks again and tells the member if it cannot come.
  });
  const list = import('./read-filters.ts').then(
    ({ readFilters }) => prefetchList(readFilters(searchParams)),
    () => {
      // The page asks for the same code and tells the member if it cannot come.
    },
  );
  return waitWhileOpening(Promise.all([searchTools, list]));
}

export function prefetchItem({ params }: LoaderFunctionArgs): Promise<null> | null {
  if (!params.id) return null;
  const query = itemQuery(params.id);
  const page = prefetchForPage(
    query.queryKey,
    () => queryClient.prefetchQuery(query),
    (item) => item.images[0]?.url,
  ).then(() => {
    // The owner's trust block and their latest comments are part of the page: asked for as soon as
    // the item names them (the comments' list is empty for an owner nobody rated yet).
    const ownerId = queryClient.getQueryData(query.queryKey)?.owner.id;
    if (!ownerId) return;
    return Promise.all([prefetchAnswer(memberProfileQuery(ownerId)), prefetchFirstPage(ratingsQuery(ownerId))]);
  });
  return waitWhileOpening(page);
}
