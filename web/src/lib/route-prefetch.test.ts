import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInMember } from '../test/mounted.tsx';

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

    void prefetch.prefetchForPage(key, asked, (item) => (item as { photo: string }).photo);
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
    void prefetch.prefetchForPage(key, () => client.prefetchQuery({ queryKey: key, queryFn: () => fresh }));
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

    void prefetch.prefetchForPage(saved, askedSaved);
    void prefetch.prefetchForPage(unsaved, askedUnsaved);
    await settle();
    expect([askedSaved.mock.calls.length, askedUnsaved.mock.calls.length]).toEqual([0, 0]);

    client.setQueryData(saved, { title: 'Red bike' });
    cache.cacheRestoreSettled();
    await settle();
    expect([askedSaved.mock.calls.length, askedUnsaved.mock.calls.length]).toEqual([0, 1]);
  });

  it('settles offline once the saved answers are back, without waiting for a request that waits for the connection', async () => {
    onLine(false);
    const { cache, prefetch } = await load();
    const asked = vi.fn(() => new Promise<void>(() => undefined));
    let settled = false;
    void prefetch.prefetchForPage(['items', 'detail', 'unsaved'], asked).then(() => (settled = true));
    await settle();
    expect(settled).toBe(false);

    cache.cacheRestoreSettled();
    await settle();
    expect(asked).toHaveBeenCalledTimes(1);
    expect(settled).toBe(true);
  });
});

describe('who is signed in, for a loader', () => {
  it('offline, is the member the saved answers name once they are back, without waiting for the session check', async () => {
    onLine(false);
    const { cache, client, prefetch } = await load();
    const { currentUserQuery } = await import('./current-user.ts');
    let named: unknown = 'waiting';
    void prefetch.signedInMember().then((member) => (named = member));
    await settle();
    expect(named).toBe('waiting');

    const saved = signedInMember();
    client.setQueryData(currentUserQuery.queryKey, saved);
    cache.cacheRestoreSettled();
    await settle();
    expect(named).toEqual(saved);
  });
});

describe('the first page a member opens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for its answers and for the saved ones to be back, so it is drawn once, with them', async () => {
    const { cache, prefetch } = await load();
    let answer: () => void = () => undefined;
    let waited: unknown = 'waiting';
    void prefetch.waitWhileOpening(new Promise<void>((resolve) => (answer = resolve)))?.then((value) => (waited = value));
    answer();
    await settle();
    expect(waited).toBe('waiting');

    cache.cacheRestoreSettled();
    await settle();
    expect(waited).toBeNull();
  });

  it('waits no longer than a second and a half for a slow answer: the page then shows its own loading', async () => {
    const { prefetch } = await load();
    vi.useFakeTimers();
    let waited: unknown = 'waiting';
    void prefetch.waitWhileOpening(new Promise<void>(() => undefined))?.then((value) => (waited = value));
    await vi.advanceTimersByTimeAsync(1_499);
    expect(waited).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toBeNull();
  });

  it("leaves a loader's own failure to the page: it opens as it would have without waiting", async () => {
    const { cache, prefetch } = await load();
    cache.cacheRestoreSettled();
    await expect(prefetch.waitWhileOpening(Promise.reject(new Error('a photo picker met an unexpected answer')))).resolves.toBeNull();
  });

  it('is the only one: once it is shown, a navigation does not wait for the network', async () => {
    const { prefetch } = await load();
    prefetch.firstPageShown();
    expect(prefetch.waitWhileOpening(new Promise<void>(() => undefined))).toBeNull();
  });
});
