import { communityQuery } from '../../api/community.ts';
import { unreadConversationsQuery, unreadNotificationsQuery } from '../../api/unread-counts.ts';
import { prefetchAnswer, signedInMember, waitWhileOpening } from '../../lib/route-prefetch.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/**
 * What the shell shows on every signed-in page: the community's name and the unread counts; and
 * the session check, which the route guard waits for before it draws the page.
 */
export function prefetchShell(): Promise<null> | null {
  return waitWhileOpening(
    Promise.all([
      signedInMember(),
      prefetchAnswer(communityQuery),
      prefetchAnswer(unreadConversationsQuery),
      prefetchAnswer(unreadNotificationsQuery),
    ]),
  );
}
