import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchForPage } from '../../lib/route-prefetch.ts';
import { itemQuery } from '../../api/item.ts';
import { itemsQuery } from './api/get-items.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

export function prefetchMarketplace({ request }: LoaderFunctionArgs): null {
  // Reading filters needs the contract's schemas (filters.ts); the plain address, where members land, needs none.
  if (new URL(request.url).searchParams.size > 0) return null;
  const query = itemsQuery({ type: 'all' });
  prefetchForPage(
    query.queryKey,
    () => queryClient.prefetchInfiniteQuery(query),
    (list) => list.pages[0]?.items[0]?.image?.thumbUrl,
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
