import type { CurrentUser } from '@swapyard/contract';
import type { FetchInfiniteQueryOptions, FetchQueryOptions, InferDataFromTag, QueryKey } from '@tanstack/react-query';
import { currentUserQuery } from './current-user.ts';
import { cacheRestored } from './persisted-cache.ts';
import { queryClient } from './query-client.ts';

/*
 * The router runs the routes' loaders as a navigation starts, before the page's chunk and the
 * session check have arrived, so the page's own request is under way alongside them instead of
 * after both, and its first photo (the page's largest paint) is requested as soon as the answer
 * names it, not when the page is drawn (docs/performance.md). Online they ask at once, beside the
 * language's catalogues: a saved answer restored later never replaces a newer one, and one restored
 * while the request is under way shows until it answers. Offline they wait for the saved answers,
 * which a failed request would otherwise beat. Only the first page waits for the network (below);
 * otherwise the page shows loading and errors itself. Loaders are part of the entry bundle, so they
 * must stay small and free of zod.
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

/** Fetches a page's answer unless it is already in the cache, then preloads the photo it names first, if any. Settles once it has. */
export function prefetchForPage<TKey extends QueryKey>(
  queryKey: TKey,
  load: () => Promise<unknown>,
  firstPhoto?: (answer: InferDataFromTag<unknown, TKey>) => string | undefined,
): Promise<void> {
  const online = navigator.onLine;
  const ready = online ? Promise.resolve() : cacheRestored;
  return ready.then(() => {
    if (queryClient.getQueryData(queryKey) !== undefined) return;
    const loaded = load().then(() => {
      const answer = queryClient.getQueryData(queryKey);
      if (answer !== undefined && firstPhoto) preloadImage(firstPhoto(answer));
    });
    // Offline the request waits for the connection; the page says so rather than the first screen waiting.
    return online ? loaded : undefined;
  });
}

/** `prefetchForPage` for an answer the page reads with these query options, so the two cannot differ. */
export function prefetchAnswer<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  query: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  return prefetchForPage(query.queryKey, () => queryClient.prefetchQuery(query));
}

/** `prefetchAnswer` for a list the page reads page by page: its first page. */
export function prefetchFirstPage<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  query: FetchInfiniteQueryOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): Promise<void> {
  return prefetchForPage(query.queryKey, () => queryClient.prefetchInfiniteQuery(query));
}

/**
 * Who is signed in, once known: the answer already in (the first check, under way since the entry
 * ran), else online that check, offline the one saved last time. Undefined when it cannot be
 * known; the route guard then says why.
 */
export function signedInMember(): Promise<CurrentUser | null | undefined> {
  const known = queryClient.getQueryData(currentUserQuery.queryKey);
  if (known !== undefined) return Promise.resolve(known);
  const asked = navigator.onLine
    ? queryClient.query(currentUserQuery)
    : cacheRestored.then(() => queryClient.getQueryData(currentUserQuery.queryKey));
  return asked.catch(() => undefined);
}

/** Long enough for an answer on a slow phone connection; a slower one shows the page's own loading instead. */
const OPENING_WAIT_MS = 1_500;

let opening = true;

/** Called by the router once its first navigation is done (the page is drawn next): from then on loaders never wait. */
export function firstPageShown(): void {
  opening = false;
}

/**
 * What a route's loader returns. On the page a member opens, its answers (for at most
 * OPENING_WAIT_MS): React then draws the page once, with them, in the router's transition, which
 * it can interrupt between components. Drawn before they arrive, the page is drawn again for each
 * answer, synchronously, and those were the long tasks on a phone (docs/decisions/038). The member
 * sees the app's loading screen meanwhile, as they would for the page's code. A later navigation
 * keeps its old page until the new one's code is there and does not wait for the network.
 */
export function waitWhileOpening(answers: Promise<unknown>): Promise<null> | null {
  if (!opening) return null;
  // The saved answers' restore too: when it ends, every part that reads a query is drawn again.
  // A loader's own failure is the page's to tell, as it was before the first page waited.
  const ready = Promise.all([answers.catch(() => undefined), cacheRestored]);
  return Promise.race([ready, new Promise((resolve) => setTimeout(resolve, OPENING_WAIT_MS))]).then(() => null);
}
