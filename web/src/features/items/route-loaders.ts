import type { LoaderFunctionArgs } from 'react-router';
import { cacheRestored } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { itemQuery } from '../../api/item.ts';
import { itemsQuery } from './api/get-items.ts';

/*
 * The router runs these as a navigation starts, before the page's chunk and the session check have
 * arrived, so the page's own request is under way alongside them instead of after both, and its
 * first photo (the page's largest paint) is requested as soon as the answer names it, not when
 * the page is drawn (docs/performance.md). They wait only for the member's saved answers (a few
 * milliseconds from IndexedDB), never for the network: the page shows loading and errors itself.
 * This module is part of the entry bundle, so it must stay small and free of zod.
 */

function preloadImage(url: string | undefined): void {
  if (!url) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  document.head.append(link);
}

export function prefetchMarketplace({ request }: LoaderFunctionArgs): null {
  // Reading filters needs the contract's schemas (filters.ts); the plain address, where members land, needs none.
  if (new URL(request.url).searchParams.size > 0) return null;
  const query = itemsQuery({ type: 'all' });
  void cacheRestored.then(async () => {
    if (queryClient.getQueryData(query.queryKey)) return;
    await queryClient.prefetchInfiniteQuery(query);
    preloadImage(queryClient.getQueryData(query.queryKey)?.pages[0]?.items[0]?.image?.thumbUrl);
  });
  return null;
}

export function prefetchItem({ params }: LoaderFunctionArgs): null {
  if (!params.id) return null;
  const query = itemQuery(params.id);
  void cacheRestored.then(async () => {
    if (queryClient.getQueryData(query.queryKey)) return;
    await queryClient.prefetchQuery(query);
    preloadImage(queryClient.getQueryData(query.queryKey)?.images[0]?.url);
  });
  return null;
}
