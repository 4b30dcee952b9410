import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIsOnline } from './connectivity.ts';

/**
 * Each part's code once it has arrived (components/on-demand.tsx): shown again, or first shown
 * after a route's loader or the member's intent fetched it, it draws at once.
 */
const arrived = new WeakMap<() => Promise<unknown>, unknown>();

export function arrivedPart<M>(load: () => Promise<M>): M | undefined {
  return arrived.get(load) as M | undefined;
}

/** Fetches a part's code, kept for whatever shows it next; `load` is the part's one function, defined once. */
export async function fetchPart<M>(load: () => Promise<M>): Promise<M> {
  const module = await load();
  arrived.set(load, module);
  return module;
}

type State<M> = { module: M } | 'loading' | { failedOffline: boolean };

export interface Part<M> {
  module: M | undefined;
  /** It could not come, and the member is online: trying again means reloading (whatwg/html#6768). */
  failed: boolean;
}

/**
 * A part's code, fetched while `wanted`. A failure offline waits for the connection, then tries
 * again; online it stays failed, since a browser may keep a failed import's error for as long as
 * the page lives.
 */
export function usePart<M>(load: () => Promise<M>, wanted = true): Part<M> {
  const online = useIsOnline();
  const [state, setState] = useState<State<M>>(() => {
    const module = arrivedPart(load);
    return module === undefined ? 'loading' : { module };
  });
  const failed = typeof state === 'object' && 'failedOffline' in state;
  const loading = state === 'loading' || (failed && state.failedOffline && online);

  useEffect(() => {
    if (!loading || !wanted) return;
    let shown = true;
    fetchPart(load).then(
      (module) => {
        if (shown) setState({ module });
      },
      () => {
        // Judged as the page judges it (lib/connectivity.ts), so a failure offline waits for the connection.
        if (shown) setState({ failedOffline: !onlineManager.isOnline() });
      },
    );
    return () => {
      shown = false;
    };
  }, [load, loading, wanted]);

  return { module: typeof state === 'object' && 'module' in state ? state.module : undefined, failed: failed && !loading && online };
}
