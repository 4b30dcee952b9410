import type { CurrentUser } from '@swapyard/contract';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from './current-user.ts';
import { flushQueue, loadQueue } from './offline-queue.ts';
import { setOwner, storedOwner } from './offline-store.ts';

const isCurrentUser = (queryKey: readonly unknown[]) => queryKey[0] === currentUserQuery.queryKey[0];

/**
 * Follows who is signed in, as the server says it (a fetch of /me, or a sign-in or sign-out):
 * another member or nobody takes the offline data away from the previous member, answers cached
 * for someone else leave memory, and each confirmation sends what the member queued offline.
 * A restored answer confirms nothing: it only says who was signed in last time.
 */
export function followSignedInMember(queryClient: QueryClient): () => void {
  // Whose answers the cache holds: restored from disk, or confirmed since.
  let shown: string | null | undefined;
  void storedOwner().then(loadQueue);

  return queryClient.getQueryCache().subscribe((event) => {
    if ((event.type !== 'added' && event.type !== 'updated') || !isCurrentUser(event.query.queryKey)) return;
    const user = event.query.state.data as CurrentUser | null | undefined;
    if (user === undefined || event.query.state.status !== 'success') return;
    const member = user?.id ?? null;
    if (shown !== undefined && member !== shown) {
      queryClient.removeQueries({ predicate: (query) => !isCurrentUser(query.queryKey) });
    }
    shown = member;
    if (event.type === 'updated' && event.action.type === 'success') {
      void setOwner(member).then(() => (member ? flushQueue(queryClient) : undefined));
    }
  });
}
