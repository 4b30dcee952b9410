import { useCallback, useContext } from 'react';
import { UNSAFE_DataRouterContext, useNavigate } from 'react-router';

export type SearchParamsChange = (params: URLSearchParams) => void;

/** A filter's value into the address, or out of it when empty: no choice keeps a shared link short. */
export function putParam(params: URLSearchParams, name: string, value: string): void {
  if (value) params.set(name, value);
  else params.delete(name);
}

/**
 * Changes the address's query on top of the address being navigated to, not the one last shown.
 * A route with a loader commits its new address only once the loader is done, and React Router's
 * own setSearchParams(fn) hands fn the params of the last render: a second quick change (Within,
 * then Sort) would be built on the old address and drop the first. The router's state says at once
 * where a navigation is going; a navigation to another page is not built on. The router is read
 * through React Router's UNSAFE_DataRouterContext, whose name says it may change in an upgrade: this
 * hook's test is what tells.
 */
export function useChangeSearchParams(): (change: SearchParamsChange, options?: { replace?: boolean }) => void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  if (!router) throw new Error('useChangeSearchParams needs a data router (createBrowserRouter)');
  const navigate = useNavigate();

  // Stable across navigations: a debounced field's timer depends on it (use-debounced-search-param.ts).
  return useCallback(
    (change, options) => {
      const committed = router.state.location;
      const { location: pending, historyAction } = router.state.navigation;
      const buildsOnPending = pending?.pathname === committed.pathname;
      const next = new URLSearchParams((buildsOnPending ? pending : committed).search);
      change(next);
      const search = next.toString();
      // The router drops a navigation it has not finished when another starts, and the new one's own
      // action decides the history: a replace would overwrite the entry the member was on and lose
      // the Back step of the choice still under way. This change carries that choice, so it pushes.
      const replace = options?.replace === true && !(buildsOnPending && historyAction === 'PUSH');
      void navigate({ search: search ? `?${search}` : '' }, { replace });
    },
    [router, navigate],
  );
}
