import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { WEB_TEXT } from '../../lib/texts.ts';
import { rootPerTest } from '../../test/mounted.tsx';
import { PagedQueryList } from './paged-list.tsx';

const texts = { loading: 'Loading the log…', loadFailed: 'The log did not load', loadMore: 'More entries' };

const { render, host } = rootPerTest();

function show(query: { isPending: boolean; data: unknown; error?: unknown; refetch?: () => Promise<unknown> }, items: string[]) {
  return render(
      <PagedQueryList
        query={{
          refetch: () => Promise.resolve(),
          error: null,
          ...query,
          hasNextPage: false,
          isFetchingNextPage: false,
          fetchNextPage: () => Promise.resolve(),
        }}
        items={items}
        keyOf={(item) => item}
        renderItem={(item) => <li>{item}</li>}
        texts={texts}
        empty={<p>Nothing yet</p>}
      />,
  );
}

describe('a paged list in each state of its query', () => {
  it('says it is loading while the first page is on its way', async () => {
    await show({ isPending: true, data: undefined }, []);
    expect(host().querySelector('[role="status"]')?.textContent).toContain(texts.loading);
  });

  it('says the first page failed, and its button asks again', async () => {
    const refetch = vi.fn(() => Promise.resolve());
    await show({ isPending: false, data: undefined, error: new TypeError('Failed to fetch'), refetch }, []);
    expect(host().textContent).toContain(texts.loadFailed);
    const retry = host().querySelector('button');
    expect(retry?.textContent).toBe(WEB_TEXT.common.retry);
    act(() => {
      retry?.click();
    });
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows its own empty state when the loaded list has nothing', async () => {
    await show({ isPending: false, data: { pages: [] } }, []);
    expect(host().textContent).toBe('Nothing yet');
  });

  it('lists what is loaded, in order', async () => {
    await show({ isPending: false, data: { pages: [] } }, ['first', 'second']);
    expect(Array.from(host().querySelectorAll('li'), (item) => item.textContent)).toEqual(['first', 'second']);
  });
});
