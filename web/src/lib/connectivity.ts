import { TEXT } from '@swapyard/contract';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE } from './api-client.ts';
import { currentUserQuery } from './current-user.ts';
import { userKeys } from './query-keys.ts';
import { toast } from './toast.ts';

/*
 * Whether the server can be reached, as TanStack Query's onlineManager holds it: offline, queries
 * wait with the data they last saw instead of failing. The browser's online and offline events
 * set it, but navigator.onLine may say online with no network behind it (a captive portal, a dead
 * link, a page reloaded offline), so a request that gets no answer at all asks the server directly,
 * and while offline the server is asked again every few seconds.
 */

const PROBE_INTERVAL_MS = 5_000;
let probeTimer: ReturnType<typeof setTimeout> | undefined;

/** Asks the server whether it can be reached, and records the answer. */
export async function checkConnection(): Promise<boolean> {
  let online: boolean;
  try {
    online = (await fetch(`${API_BASE}/health`, { cache: 'no-store' })).ok;
  } catch {
    online = false;
  }
  onlineManager.setOnline(online);
  return online;
}

/** Whether the server is thought reachable, re-rendering when that changes. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}

function keepChecking(): void {
  clearTimeout(probeTimer);
  if (onlineManager.isOnline()) return;
  probeTimer = setTimeout(() => void checkConnection().then(keepChecking), PROBE_INTERVAL_MS);
}

// Once per page load, however often the root remounts (StrictMode in development mounts it twice).
let announcedAtStart = false;

/**
 * SPEC's connectivity toasts. Coming back online refreshes the member's profile; the server's
 * answer is also what sends the actions queued meanwhile (lib/offline-session.ts). Pages show the
 * data they last saw in the meantime (lib/persisted-cache.ts).
 */
export function useConnectivity(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!onlineManager.isOnline()) {
      if (!announcedAtStart) toast.warning(TEXT.connectivity.offline);
      keepChecking();
    }
    announcedAtStart = true;
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) {
        toast.warning(TEXT.connectivity.offline);
        keepChecking();
        return;
      }
      toast.success(TEXT.connectivity.online);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      const me = queryClient.getQueryData(currentUserQuery.queryKey);
      if (me) void queryClient.invalidateQueries({ queryKey: userKeys.detail(me.id) });
    });
    return () => {
      unsubscribe();
      clearTimeout(probeTimer);
    };
  }, [queryClient]);
}
