import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { resetSession } from './current-user.ts';

/** A 401 on any call means the session is gone; the route guard then sends the member to /login. */
function endSessionOnUnauthorized(error: Error): void {
  if (error instanceof ApiError && error.status === 401) resetSession(queryClient, null);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endSessionOnUnauthorized }),
  mutationCache: new MutationCache({ onError: endSessionOnUnauthorized }),
  defaultOptions: {
    queries: {
      // Realtime events and reconnects keep the cache fresh, so focus refetches need not be eager.
      staleTime: 30_000,
      // A 4xx will not change on retry; network failures and 5xx might.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});
