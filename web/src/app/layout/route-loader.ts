import { communityQuery } from '../../api/community.ts';
import { unreadConversationsQuery, unreadNotificationsQuery } from '../../api/unread-counts.ts';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchForPage, waitWhileOpening } from '../../lib/route-prefetch.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** What the shell shows on every signed-in page: the community's name and the unread counts. */
export function prefetchShell(): Promise<null> | null {
  return waitWhileOpening(
    Promise.all([
      prefetchForPage(communityQuery.queryKey, () => queryClient.prefetchQuery(communityQuery)),
      prefetchForPage(unreadConversationsQuery.queryKey, () => queryClient.prefetchQuery(unreadConversationsQuery)),
      prefetchForPage(unreadNotificationsQuery.queryKey, () => queryClient.prefetchQuery(unreadNotificationsQuery)),
    ]),
  );
}
