import { QueryClient, QueryClientProvider, type InfiniteData } from '@tanstack/react-query';
import type { ItemDetail, ItemPage, ListedItem } from '@swapyard/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itemKeys } from '../lib/query-keys.ts';
import { toast } from '../lib/toast.ts';
import { startApiServer } from '../test/api-server.ts';
import { rootPerTest } from '../test/mounted.tsx';
import { markFavourited, useFavouriteToggle } from './favourite.ts';

const card = (id: string, favourited = false) => ({ id, title: id, favourited }) as unknown as ListedItem;
const page = (...items: ListedItem[]): ItemPage => ({ items, nextCursor: null });

describe('markFavourited', () => {
  it('marks the item wherever a cached answer holds it: an infinite list, a page, the item itself', () => {
    const list: InfiniteData<ItemPage> = { pages: [page(card('a'), card('b')), page(card('c'))], pageParams: [null, 'x'] };
    expect(markFavourited(list, 'c', true)).toEqual({ pages: [page(card('a'), card('b')), page(card('c', true))], pageParams: [null, 'x'] });
    expect(markFavourited(page(card('a', true)), 'a', false)).toEqual(page(card('a', false)));
    const detail = { id: 'a', favourited: false, images: [] } as unknown as ItemDetail;
    expect(markFavourited(detail, 'a', true)).toEqual({ ...detail, favourited: true });
  });

  it('leaves alone what is not about listings, and other listings', () => {
    const profile = { id: 'a', displayName: 'Ann' };
    expect(markFavourited(profile, 'a', true)).toBe(profile);
    expect(markFavourited(undefined, 'a', true)).toBeUndefined();
    expect(markFavourited(page(card('b')), 'a', true)).toEqual(page(card('b')));
  });
});

describe('the Save toggle', () => {
  const { render } = rootPerTest();
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    vi.restoreAllMocks();
  });

  it('shows the heart at once, and puts it back with a toast when the server refuses', async () => {
    let release: (() => void) | undefined;
    const refused = new Promise<void>((resolve) => (release = resolve));
    const server = await startApiServer(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Item not found' } } }));
    close = server.close;
    const errors = vi.spyOn(toast, 'error').mockImplementation(() => release?.());
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    queryClient.setQueryData(itemKeys.list({ type: 'all' }), { pages: [page(card('a'))], pageParams: [null] });
    const shown = () => queryClient.getQueryData<InfiniteData<ItemPage>>(itemKeys.list({ type: 'all' }))?.pages[0]?.items[0]?.favourited;
    let toggle: ReturnType<typeof useFavouriteToggle> | undefined;
    function Probe() {
      toggle = useFavouriteToggle();
      return null;
    }
    await render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );

    await act(async () => {
      toggle?.mutate({ itemId: 'a', favourited: true });
      await Promise.resolve();
    });
    expect(shown()).toBe(true);
    await act(() => refused);

    expect(server.received.map((request) => `${request.method} ${request.path}`)).toEqual(['PUT /api/items/a/favourite']);
    expect(shown()).toBe(false);
    expect(errors).toHaveBeenCalledWith('Item not found');
  });
});
