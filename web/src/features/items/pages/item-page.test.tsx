import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { openFirstPage } from '../../../test/first-page.tsx';
import { rootPerTest } from '../../../test/mounted.tsx';
import { prefetchItem } from '../route-loaders.ts';
import { ItemPage } from './item-page.tsx';

const { host, render } = rootPerTest();

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('an item that does not exist', () => {
  it('is asked for once, and the page says it was not found', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const api = await startApiServer(() => ({ status: 404 }));
    try {
      await openFirstPage(render, { path: '/item/:id', loader: prefetchItem, Component: ItemPage }, '/item/gone');
      await act(() =>
        vi.waitFor(() => {
          expect(host().textContent).toContain('Item not found');
          expect(queryClient.isFetching()).toBe(0);
        }),
      );

      expect(api.received.map(({ path }) => path)).toEqual(['/api/items/gone']);
    } finally {
      await api.close();
    }
  });
});
