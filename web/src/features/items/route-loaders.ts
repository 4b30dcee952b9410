import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchForPage } from '../../lib/route-prefetch.ts';
import { itemQuery } from '../../api/item.ts';
import type { MarketplaceFilters } from '../../lib/query-keys.ts';
import { itemsQuery } from './api/get-items.ts';
import { PLAIN_FILTERS } from './filters.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

function prefetchList(filters: MarketplaceFilters): void {
  const query = itemsQuery(filters);
  prefetchForPage(
    query.queryKey,
    () => queryClient.prefetchInfiniteQuery(query),
    (list) => list.pages[0]?.items[0]?.image?.thumbUrl,
  );
}

export function prefetchMarketplace({ request }: LoaderFunctionArgs): null {
  const { searchParams } = new URL(request.url);
  if (searchParams.size === 0) {
    prefetchList(PLAIN_FILTERS);
    return null;
  }
  // Reading filters needs the contract's schemas, which the page fetches too: asked for now, they come beside its code.
  import('./read-filters.ts').then(
    ({ readFilters }) => {
      prefetchList(readFilters(searchParams));
    },
    () => {
      // The page asks for the same code and tells the member if it cannot come.
    },
  );
  return null;
}

export function prefetchItem({ params }: LoaderFunctionArgs): null {
  if (!params.id) return null;
  const query = itemQuery(params.id);
  prefetchForPage(
    query.queryKey,
    () => queryClient.prefetchQuery(query),
    (item) => item.images[0]?.url,
  );
  return null;
}
