import type { CurrentUser } from '@swapyard/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { currentUserQuery } from './current-user.ts';
import { deleteStored, ownerKey, ownerNow, readStored, storedOwner, writeStored } from './offline-store.ts';

/*
 * The last answers the member saw, kept in IndexedDB so every page they visited shows its data
 * offline and at once on the next visit. One member's data: kept under their id, written only
 * while they are the owner (lib/offline-store.ts), and restored only for them.
 */

/** As long as a query's answer is kept, in memory (gcTime) and on disk. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
// Saving serialises the whole cache: at most once per interval, and at once when the page is hidden.
const SAVE_INTERVAL_MS = 500;

const loadedAt = Date.now();
/** An answer brought back from disk, not asked for on this page load: it says what was true last time. */
export const restoredFromDisk = (dataUpdatedAt: number): boolean => dataUpdatedAt > 0 && dataUpdatedAt < loadedAt;

let markRestored: () => void = () => undefined;
/**
 * Settles once the saved answers are back in the cache, or known to be absent: a request started
 * offline before then (a route's prefetch) would race them and win with an error.
 */
export const cacheRestored = new Promise<void>((resolve) => {
  markRestored = resolve;
});
export const cacheRestoreSettled = (): void => markRestored();

function memberOf(client: PersistedClient): string | null | undefined {
  const me = client.clientState.queries.find((query) => query.queryKey[0] === currentUserQuery.queryKey[0]);
  const user = me?.state.data as CurrentUser | null | undefined;
  return user === undefined ? undefined : (user?.id ?? null);
}

function createPersister(queryClient: QueryClient): Persister {
  let latest: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const save = async () => {
    clearTimeout(timer);
    timer = undefined;
    const client = latest;
    latest = undefined;
    const member = client && memberOf(client);
    if (!client || !member || member !== ownerNow()) return;
    await writeStored(ownerKey('cache', member), client).catch(() => undefined);
  };
  const saveNow = () => {
    if (timer !== undefined) void save();
  };
  window.addEventListener('pagehide', saveNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') saveNow();
  });

  return {
    persistClient: (client) => {
      latest = client;
      timer ??= setTimeout(() => void save(), SAVE_INTERVAL_MS);
    },
    restoreClient: async () => {
      const member = await storedOwner();
      if (!member) return undefined;
      const client = await readStored<PersistedClient>(ownerKey('cache', member));
      if (!client || memberOf(client) !== member) return undefined;
      // The server may already have answered for someone else (or no one) while the disk was read.
      const known = queryClient.getQueryData(currentUserQuery.queryKey);
      if (known !== undefined && known?.id !== member) return undefined;
      return client;
    },
    removeClient: async () => {
      latest = undefined;
      const member = ownerNow();
      if (member) await deleteStored(ownerKey('cache', member));
    },
  };
}

export function persistOptions(queryClient: QueryClient): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createPersister(queryClient),
    maxAge: OFFLINE_MAX_AGE_MS,
    // A new release may shape its answers differently: data saved by another one is dropped.
    buster: String(import.meta.env.VITE_APP_VERSION ?? 'development'),
    dehydrateOptions: {
      // Only answers the server gave, and not those a query marks as not worth keeping (`meta.persist: false`);
      // actions waiting for the network have their own queue (lib/offline-queue.ts).
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.meta?.persist !== false,
      shouldDehydrateMutation: () => false,
    },
  };
}
