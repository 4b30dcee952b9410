import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { persistOptions } from '../lib/persisted-cache.ts';
import { queryClient } from '../lib/query-client.ts';
import { Toaster } from './toaster.tsx';

// Queries wait for the saved answers to be restored before they fetch, so a page opened offline
// shows what the member last saw instead of a spinner.
const persistence = persistOptions(queryClient);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistence}>
      {children}
      <Toaster />
    </PersistQueryClientProvider>
  );
}
