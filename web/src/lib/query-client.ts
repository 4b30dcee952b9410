import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { TEXT } from '@swapyard/contract';
import { ApiError } from './api-client.ts';
import { checkConnection } from './connectivity.ts';
import { resetSession } from './current-user.ts';
import { isNotFound } from './not-found.ts';
import { OFFLINE_MAX_AGE_MS } from './persisted-cache.ts';
import { toast } from './toast.ts';

// TanStack starts out assuming a connection; a page opened offline must know at once, or its
// queries would fail instead of waiting with the data they last saw.
onlineManager.setOnline(navigator.onLine);

/** A 401 on any call means the session is gone; the route guard then sends the member to /login. */
function endSessionOnUnauthorized(error: Error): void {
  if (error instanceof ApiError && error.status === 401) resetSession(queryClient, null);
}

/** No answer at all, rather than an error the server sent: perhaps the network is gone. */
function gotNoAnswer(error: Error): boolean {
  return !(error instanceof ApiError) || error.status === 0;
}

function onMutationError(error: Error): void {
  endSessionOnUnauthorized(error);
  // The feature's own toast says what failed; this adds why. What may wait is queued instead (lib/offline-queue.ts).
  if (!gotNoAnswer(error)) return;
  void checkConnection().then((online) => {
    if (!online) toast.errorReason(TEXT.connectivity.needsConnection);
  });
}

/** Realtime events and reconnects keep the cache fresh, so focus refetches need not be eager. */
const STALE_MS = 30_000;

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endSessionOnUnauthorized }),
  mutationCache: new MutationCache({ onError: onMutationError }),
  defaultOptions: {
    queries: {
      staleTime: STALE_MS,
      // Kept as long as the persisted copy, so a page visited earlier still has its data offline.
      gcTime: OFFLINE_MAX_AGE_MS,
      // A 4xx will not change on retry; network failures and 5xx might. Found offline, a retry
      // waits for the connection (networkMode 'online').
      retry: (failureCount, error) => {
        if (gotNoAnswer(error)) void checkConnection();
        return failureCount < 2 && !(error instanceof ApiError && error.status < 500);
      },
      // A page that reads a failed answer asks again, so a record its route's loader had just found
      // missing was asked for twice. Missing is an answer: it holds as long as data would. Other
      // failures may pass, and are asked again.
      retryOnMount: (query) => !isNotFound(query.state.error) || Date.now() - query.state.errorUpdatedAt >= STALE_MS,
    },
    mutations: {
      // A swap, a proposal or an upload must not wait unseen and happen whenever the network returns:
      // offline it fails at once, with a toast. Actions that may wait are queued (lib/offline-queue.ts).
      networkMode: 'always',
    },
  },
});
