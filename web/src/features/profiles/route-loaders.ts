import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchAnswer, prefetchFirstPage, prefetchForPage, waitWhileOpening } from '../../lib/route-prefetch.ts';
import { blockedMembersQuery } from '../../api/blocked-members.ts';
import { memberItemsQuery } from '../../api/member-items.ts';
import { memberProfileQuery } from '../../api/member-profile.ts';
import { ratingsQuery } from '../../api/member-ratings.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/**
 * Another member's profile (the member's own waits for the session, as the page does): who they are,
 * their listings' first photo, the ratings they received, and whether the member blocked them.
 */
export function prefetchProfile({ params }: LoaderFunctionArgs): Promise<null> | null {
  if (!params.id) return null;
  const items = memberItemsQuery(params.id);
  return waitWhileOpening(
    Promise.all([
      prefetchAnswer(memberProfileQuery(params.id)),
      prefetchForPage(
        items.queryKey,
        () => queryClient.prefetchInfiniteQuery(items),
        (list) => list.pages[0]?.items[0]?.image?.thumbUrl,
      ),
      prefetchFirstPage(ratingsQuery(params.id)),
      prefetchAnswer(blockedMembersQuery),
    ]),
  );
}
