import { memberProfileQuery } from '../../api/member-profile.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchForPage, waitWhileOpening } from '../../lib/route-prefetch.ts';
import { recentConversationsQuery } from './api/get-recent-conversations.ts';
import { recentItemsQuery } from './api/get-recent-items.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** The dashboard's lists, and the member's own profile (its counts) once the session names them. */
export function prefetchDashboard(): Promise<null> | null {
  const ownProfile = queryClient.fetchQuery(currentUserQuery).then(
    (me) => {
      if (!me) return;
      const profile = memberProfileQuery(me.id);
      return prefetchForPage(profile.queryKey, () => queryClient.prefetchQuery(profile));
    },
    () => {
      // The route guard asks for the session again and says what went wrong.
    },
  );
  return waitWhileOpening(
    Promise.all([
      ownProfile,
      prefetchForPage(recentConversationsQuery.queryKey, () => queryClient.prefetchQuery(recentConversationsQuery)),
      prefetchForPage(recentItemsQuery.queryKey, () => queryClient.prefetchQuery(recentItemsQuery)),
    ]),
  );
}
