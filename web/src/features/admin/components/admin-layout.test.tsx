import type { MeResponse } from '@swapyard/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext, currentUserQuery } from '../../../lib/current-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { signedInMember, rootPerTest } from '../../../test/mounted.tsx';
import { AdminLayout } from './admin-layout.tsx';

const member = signedInMember();

/** Provides the member as the app's signed-in guard does, from the cached answer. */
function SignedIn() {
  const { data } = useQuery(currentUserQuery);
  return data ? (
    <CurrentUserContext value={data}>
      <Outlet />
    </CurrentUserContext>
  ) : null;
}

const { host, render } = rootPerTest();

afterEach(() => {
  queryClient.clear();
});

async function openAdmin() {
  const router = createMemoryRouter(
    [
      {
        element: <SignedIn />,
        children: [
          { path: '/admin', element: <AdminLayout />, children: [{ index: true, element: <p>Reports queue</p> }] },
          { path: '/not-found', element: <p>Page not found</p> },
        ],
      },
    ],
    { initialEntries: ['/admin'] },
  );
  await render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the admin pages', () => {
  it('wait for the server when the role on disk says member: a member made a moderator since is let in, not sent away', async () => {
    // The answer saved before they were promoted, as the persisted cache brings it back on reload.
    queryClient.setQueryData(currentUserQuery.queryKey, member, { updatedAt: Date.now() - 60_000 });
    const api = await startApiServer(() => ({ status: 200, body: { user: { ...member, role: 'moderator' } } satisfies MeResponse }));
    try {
      const router = await openAdmin();
      await act(() =>
        vi.waitFor(() => {
          expect(host().textContent).toContain('Reports queue');
        }),
      );
      expect(router.state.location.pathname).toBe('/admin');
    } finally {
      await api.close();
    }
  });

  it('send a member the server confirms to the not-found page', async () => {
    const api = await startApiServer(() => ({ status: 200, body: { user: member } satisfies MeResponse }));
    try {
      const router = await openAdmin();
      await act(() =>
        vi.waitFor(() => {
          expect(router.state.location.pathname).toBe('/not-found');
        }),
      );
      expect(host().textContent).toBe('Page not found');
    } finally {
      await api.close();
    }
  });
});
