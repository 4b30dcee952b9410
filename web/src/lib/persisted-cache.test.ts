import type { CurrentUser } from '@swapyard/contract';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function load() {
  vi.resetModules();
  return {
    cache: await import('./persisted-cache.ts'),
    store: await import('./offline-store.ts'),
  };
}

const member = (id: string) => ({ id, displayName: id, email: `${id}@example.com`, points: 100 }) as CurrentUser;

/** What the persister is handed: the cache of a tab where `user` is signed in and saw one listing. */
function savedCache(user: CurrentUser | null): PersistedClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['me'], user);
  queryClient.setQueryData(['items', 'detail', 'bike'], { id: 'bike', title: 'Red bike' });
  return {
    timestamp: Date.now(),
    buster: 'test',
    clientState: dehydrate(queryClient),
  };
}

/** The persister saves at most every half second, or at once when the page is hidden. */
function hidePage() {
  window.dispatchEvent(new Event('pagehide'));
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the persisted cache', () => {
  it("keeps the member's answers under their id and gives them back on the next visit", async () => {
    let { cache, store } = await load();
    await store.setOwner('member-1');
    cache.persistOptions(new QueryClient()).persister.persistClient(savedCache(member('member-1')));
    hidePage();
    await vi.waitFor(async () => expect(await store.readStored(store.ownerKey('cache', 'member-1'))).toBeDefined());

    ({ cache, store } = await load());
    const restored = await cache.persistOptions(new QueryClient()).persister.restoreClient();
    const titles = restored?.clientState.queries.map((query) => (query.state.data as { title?: string } | null)?.title);
    expect(titles).toContain('Red bike');
  });

  it('writes nothing for a member who is not the owner of the device data', async () => {
    const { cache, store } = await load();
    await store.setOwner('member-1');
    cache.persistOptions(new QueryClient()).persister.persistClient(savedCache(member('member-2')));
    hidePage();
    // Past the save interval too: neither the hidden page nor the timer wrote it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await store.readStored(store.ownerKey('cache', 'member-2'))).toBeUndefined();
    expect(await store.readStored(store.ownerKey('cache', 'member-1'))).toBeUndefined();
  });

  it('is wiped when the member signs out, and never restored for someone else', async () => {
    let { cache, store } = await load();
    await store.setOwner('member-1');
    cache.persistOptions(new QueryClient()).persister.persistClient(savedCache(member('member-1')));
    hidePage();
    await vi.waitFor(async () => expect(await store.readStored(store.ownerKey('cache', 'member-1'))).toBeDefined());

    await store.setOwner(null);
    expect(await store.readStored(store.ownerKey('cache', 'member-1'))).toBeUndefined();
    ({ cache, store } = await load());
    expect(await cache.persistOptions(new QueryClient()).persister.restoreClient()).toBeUndefined();
  });

  it('is not restored when the server has meanwhile answered for another member', async () => {
    const { cache, store } = await load();
    await store.setOwner('member-1');
    cache.persistOptions(new QueryClient()).persister.persistClient(savedCache(member('member-1')));
    hidePage();
    await vi.waitFor(async () => expect(await store.readStored(store.ownerKey('cache', 'member-1'))).toBeDefined());

    const queryClient = new QueryClient();
    queryClient.setQueryData(['me'], member('member-2'));
    expect(await cache.persistOptions(queryClient).persister.restoreClient()).toBeUndefined();
  });
});
