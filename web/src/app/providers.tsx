import { PersistQueryClientProvider, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { usePlaceSuggestions } from '../api/places.ts';
import { PlaceSuggestionsSource } from '../components/place-suggestions.ts';
import { cacheRestoreSettled, persistOptions, restoredFromDisk } from '../lib/persisted-cache.ts';
import { queryClient } from '../lib/query-client.ts';
import { Toaster } from './toaster.tsx';

// Queries wait for the saved answers to be restored before they fetch, so a page opened offline
// shows what the member last saw instead of a spinner (a route's prefetch online excepted, lib/route-prefetch.ts).
const persistence = persistOptions(queryClient);

// The cache is saved as it changes from here on. What came before (the first page's loaders wait
// for its answers: docs/decisions/038) is saved now, or it would wait for the next change.
const restoreDone = () => {
  cacheRestoreSettled();
  void persistQueryClientSave({ ...persistence, queryClient });
};

// What was saved may predate events this tab never heard (it was closed): shown at once, then
// refetched, whatever its age; offline the refetch waits for the connection. Only what came from
// disk: an answer this page load already asked for (who is signed in) is neither asked again nor
// cut off while under way.
const refreshRestored = () => {
  restoreDone();
  return queryClient.invalidateQueries({
    predicate: ({ state }) => state.fetchStatus === 'idle' && restoredFromDisk(state.dataUpdatedAt),
  });
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistence}
      onSuccess={refreshRestored}
      onError={restoreDone}
    >
      <PlaceSuggestionsSource value={usePlaceSuggestions}>{children}</PlaceSuggestionsSource>
      <Toaster />
    </PersistQueryClientProvider>
  );
}
