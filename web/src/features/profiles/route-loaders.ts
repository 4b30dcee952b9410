import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchForPage } from '../../lib/route-prefetch.ts';
import { memberItemsQuery } from '../../api/member-items.ts';
import { memberProfileQuery } from '../../api/member-profile.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** Another member's profile (the member's own waits for the session, as the page does): who they are, and their listings' first photo. */
export function prefetchProfile({ params }: LoaderFunctionArgs): null {
  if (!params.id) return null;
  const profile = memberProfileQuery(params.id);
  prefetchForPage(profile.queryKey, () => queryClient.prefetchQuery(profile));
  const items = memberItemsQuery(params.id);
  prefetchForPage(
    items.queryKey,
    () => queryClient.prefetchInfiniteQuery(items),
    (list) => list.pages[0]?.items[0]?.image?.thumbUrl,
  );
  return null;
}
