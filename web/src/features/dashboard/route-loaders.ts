import { memberProfileQuery } from '../../api/member-profile.ts';
import { prefetchAnswer, signedInMember, waitWhileOpening } from '../../lib/route-prefetch.ts';
import { recentConversationsQuery } from './api/get-recent-conversations.ts';
import { recentItemsQuery } from './api/get-recent-items.ts';

// Part of the entry bundle: small and free of zod (lib/route-prefetch.ts).

/** The dashboard's lists, and the member's own profile (its counts) once the session names them. */
export function prefetchDashboard(): Promise<null> | null {
  const ownProfile = signedInMember().then((me) => (me ? prefetchAnswer(memberProfileQuery(me.id)) : undefined));
  return waitWhileOpening(Promise.all([ownProfile, prefetchAnswer(recentConversationsQuery), prefetchAnswer(recentItemsQuery)]));
}
