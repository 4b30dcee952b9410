import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { openFirstPage } from '../../../test/first-page.tsx';
import { rootPerTest } from '../../../test/mounted.tsx';
import { prefetchProfile } from '../route-loaders.ts';
import { ProfilePage } from './profile-page.tsx';

const { host, render } = rootPerTest();

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('a member who does not exist', () => {
  it('is asked for once, and the page says it was not found', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const api = await startApiServer(() => ({ status: 404 }));
    try {
      await openFirstPage(render, { path: '/profile/:id?', loader: prefetchProfile, Component: ProfilePage }, '/profile/ghost');
      await act(() =>
        vi.waitFor(() => {
          expect(host().textContent).toContain('Member not found');
          expect(queryClient.isFetching()).toBe(0);
        }),
      );

      // Beside their listings, ratings and the block list, which the loader asks for as well.
      expect(api.received.filter(({ path }) => path === '/api/users/ghost')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});
