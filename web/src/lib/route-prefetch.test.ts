import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** Fresh modules: the saved answers are not restored yet, as when a page first opens. */
async function load() {
  vi.resetModules();
  return {
    cache: await import('./persisted-cache.ts'),
    client: (await import('./query-client.ts')).queryClient,
    prefetch: await import('./route-prefetch.ts'),
  };
}

const onLine = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
});

describe("a route's prefetch", () => {
  it("asks online at once, before the saved answers are restored, and preloads the answer's first photo", async () => {
    onLine(true);
    const { client, prefetch } = await load();
    const key = ['items', 'detail', 'bike'] as const;
    const asked = vi.fn(() => {
      client.setQueryData(key, { photo: '/uploads/bike.webp' });
      return Promise.resolve();
    });

    prefetch.prefetchForPage(key, asked, (item) => (item as { photo: string }).photo);
    await settle();

    expect(asked).toHaveBeenCalledTimes(1);
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/uploads/bike.webp');
  });

  it('keeps the answer it asked for when the saved one comes back from disk before or after it', async () => {
    onLine(true);
    const { client, prefetch } = await load();
    const key = ['items', 'detail', 'bike'] as const;
    let answer: (item: { title: string }) => void = () => undefined;
    const fresh = new Promise<{ title: string }>((resolve) => (answer = resolve));
    prefetch.prefetchForPage(key, () => client.prefetchQuery({ queryKey: key, queryFn: () => fresh }));
    await settle();

    const lastVisit = new QueryClient();
    lastVisit.setQueryData(key, { title: 'Bike, as saved' }, { updatedAt: Date.now() - 60_000 });
    hydrate(client, dehydrate(lastVisit));
    expect(client.getQueryData(key)).toEqual({ title: 'Bike, as saved' });
    expect(client.getQueryState(key)?.fetchStatus).toBe('fetching');

    answer({ title: 'Red bike' });
    await settle();
    expect(client.getQueryData(key)).toEqual({ title: 'Red bike' });
    hydrate(client, dehydrate(lastVisit));
    expect(client.getQueryData(key)).toEqual({ title: 'Red bike' });
  });

  it('waits offline for the saved answers, and asks only if they hold none for the page', async () => {
    onLine(false);
    const { cache, client, prefetch } = await load();
    const saved = ['items', 'detail', 'saved'] as const;
    const unsaved = ['items', 'detail', 'unsaved'] as const;
    const askedSaved = vi.fn(() => Promise.resolve());
    const askedUnsaved = vi.fn(() => Promise.resolve());

    prefetch.prefetchForPage(saved, askedSaved);
    prefetch.prefetchForPage(unsaved, askedUnsaved);
    await settle();
    expect([askedSaved.mock.calls.length, askedUnsaved.mock.calls.length]).toEqual([0, 0]);

    client.setQueryData(saved, { title: 'Red bike' });
    cache.cacheRestoreSettled();
    await settle();
    expect([askedSaved.mock.calls.length, askedUnsaved.mock.calls.length]).toEqual([0, 1]);
  });
});
