import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { startApiServer } from '../../test/api-server.ts';
import { loaderArgs } from '../../test/loader-args.ts';
import { prefetchProfile } from './route-loaders.ts';

// The first page also waits for the saved answers to be back (none here).
beforeAll(() => {
  cacheRestoreSettled();
});

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe("the profile's loader", () => {
  it("asks for another member's profile, listings, ratings and the block list at once, and the first page waits for them", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const api = await startApiServer(() => ({ status: 200, body: { items: [], ratings: [], blocks: [], nextCursor: null } }));
    try {
      await prefetchProfile(loaderArgs('/profile/ana', '/profile/:id?', { id: 'ana' }));

      expect(api.received.map(({ path }) => path.split('?')[0]).sort()).toEqual([
        '/api/blocks',
        '/api/users/ana',
        '/api/users/ana/items',
        '/api/users/ana/ratings',
      ]);
      expect(queryClient.isFetching()).toBe(0);
    } finally {
      await api.close();
    }
  });

  it("leaves the member's own profile to the page, which waits for the session", () => {
    expect(prefetchProfile(loaderArgs('/profile', '/profile/:id?'))).toBeNull();
  });
});
