import type { CurrentUser, MeResponse } from '@swapyard/contract';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext, currentUserQuery } from '../../../lib/current-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { AdminLayout } from './admin-layout.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const member: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'sam@example.com',
  displayName: 'Sam',
  photoUrl: null,
  bio: '',
  location: '',
  points: 100,
  averageRating: 0,
  ratingCount: 0,
  createdAt: '2026-03-15T12:00:00.000Z',
  role: 'member',
};

/** Provides the member as the app's signed-in guard does, from the cached answer. */
function SignedIn() {
  const { data } = useQuery(currentUserQuery);
  return data ? (
    <CurrentUserContext value={data}>
      <Outlet />
    </CurrentUserContext>
  ) : null;
}

let root: Root;
let host: HTMLElement;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
  host.remove();
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
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await Promise.resolve();
  });
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
          expect(host.textContent).toContain('Reports queue');
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
      expect(host.textContent).toBe('Page not found');
    } finally {
      await api.close();
    }
  });
});
