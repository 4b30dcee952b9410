import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, type LoaderFunction } from 'react-router';
import { CurrentUserContext } from '../lib/current-user.ts';
import { cacheRestoreSettled } from '../lib/persisted-cache.ts';
import { queryClient } from '../lib/query-client.ts';
import { signedInMember, type rootPerTest } from './mounted.tsx';

interface Route {
  path: string;
  loader: LoaderFunction;
  Component: ComponentType;
}

/**
 * The page a signed-in member opens at `address`, as the app's router draws it: the route's loader
 * asks for its answers and the page is drawn once they are in (docs/decisions/038).
 */
export async function openFirstPage(render: ReturnType<typeof rootPerTest>['render'], route: Route, address: string) {
  // No saved answers to wait for.
  cacheRestoreSettled();
  const router = createMemoryRouter([route], { initialEntries: [address] });
  // Drawn once the loader is done, as the first page is: inside act, React would hold the router's
  // update until the test's wait for the page had ended.
  await new Promise<void>((resolve) => {
    const stop = router.subscribe(({ initialized }) => {
      if (!initialized) return;
      stop();
      resolve();
    });
  });
  await render(
    <QueryClientProvider client={queryClient}>
      <CurrentUserContext value={signedInMember()}>
        <RouterProvider router={router} />
      </CurrentUserContext>
    </QueryClientProvider>,
  );
}
