import type { InferDataFromTag, QueryKey } from '@tanstack/react-query';
import { cacheRestored } from './persisted-cache.ts';
import { queryClient } from './query-client.ts';

/*
 * The router runs the routes' loaders as a navigation starts, before the page's chunk and the
 * session check have arrived, so the page's own request is under way alongside them instead of
 * after both, and its first photo (the page's largest paint) is requested as soon as the answer
 * names it, not when the page is drawn (docs/performance.md). Online they ask at once, beside the
 * language's catalogues: a saved answer restored later never replaces a newer one, and one restored
 * while the request is under way shows until it answers. Offline they wait for the saved answers,
 * which a failed request would otherwise beat. They never wait for the network: the page shows
 * loading and errors itself. Loaders are part of the entry bundle, so they must stay small and free of zod.
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

/** Fetches a page's answer unless it is already in the cache, then preloads the photo it names first, if any. */
export function prefetchForPage<TKey extends QueryKey>(
  queryKey: TKey,
  load: () => Promise<unknown>,
  firstPhoto?: (answer: InferDataFromTag<unknown, TKey>) => string | undefined,
): void {
  const ready = navigator.onLine ? Promise.resolve() : cacheRestored;
  void ready.then(async () => {
    if (queryClient.getQueryData(queryKey) !== undefined) return;
    await load();
    const answer = queryClient.getQueryData(queryKey);
    if (answer !== undefined && firstPhoto) preloadImage(firstPhoto(answer));
  });
}
