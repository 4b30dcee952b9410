import type { QueryClient } from '@tanstack/react-query';

/** A page that keeps asking (a slow answer, a retry) does not hold back what waits on it for longer. */
const MAX_WAIT_MS = 3000;
/** Where the browser cannot say when it is idle (Safari), a moment after the answers is taken for it. */
const IDLE_FALLBACK_MS = 100;

/**
 * Resolves once the page has its answers and the browser is next idle (so it has drawn them), or
 * after MAX_WAIT_MS: work the first screen does not need starts then instead of competing with it.
 */
export function whenPageSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const queries = queryClient.getQueryCache();
    /** Cancels the wait for idle under way, if one is. */
    let cancelIdleWait: (() => void) | undefined;
    const settle = () => {
      unsubscribe();
      clearTimeout(cap);
      cancelIdleWait?.();
      resolve();
    };
    const check = () => {
      if (cancelIdleWait || queryClient.isFetching() > 0) return;
      const afterIdle = () => {
        cancelIdleWait = undefined;
        // An answer that came meanwhile may have started another (a page asking for the next one).
        if (queryClient.isFetching() > 0) return;
        settle();
      };
      if ('requestIdleCallback' in window) {
        const handle = window.requestIdleCallback(afterIdle, { timeout: MAX_WAIT_MS });
        cancelIdleWait = () => window.cancelIdleCallback(handle);
      } else {
        const handle = setTimeout(afterIdle, IDLE_FALLBACK_MS);
        cancelIdleWait = () => clearTimeout(handle);
      }
    };
    const unsubscribe = queries.subscribe(check);
    const cap = setTimeout(settle, MAX_WAIT_MS);
    check();
  });
}
