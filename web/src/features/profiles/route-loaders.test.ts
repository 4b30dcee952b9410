import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { blockedMembersQuery } from '../../api/blocked-members.ts';
import { memberItemsQuery } from '../../api/member-items.ts';
import { memberProfileQuery } from '../../api/member-profile.ts';
import { ratingsQuery } from '../../api/member-ratings.ts';
import { startApiServer, type Answer } from '../../test/api-server.ts';
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
    const answers: Record<string, Answer> = {
      '/api/users/ana': { status: 200, body: { profile: { id: 'ana', displayName: 'Ana' } } },
      '/api/users/ana/items': { status: 200, body: { items: [], nextCursor: null } },
      '/api/users/ana/ratings': { status: 200, body: { ratings: [], nextCursor: null } },
      '/api/blocks': { status: 200, body: { blocks: [] } },
    };
    const api = await startApiServer(({ path }) => answers[path.split('?')[0] ?? ''] ?? { status: 404 });
    try {
      await prefetchProfile(loaderArgs('/profile/ana', '/profile/:id?', { id: 'ana' }));

      expect(api.received.map(({ path }) => path.split('?')[0]).sort()).toEqual(Object.keys(answers).sort());
      expect(queryClient.getQueryData(memberProfileQuery('ana').queryKey)?.displayName).toBe('Ana');
      expect(queryClient.getQueryData(memberItemsQuery('ana').queryKey)?.pages[0]?.items).toEqual([]);
      expect(queryClient.getQueryData(ratingsQuery('ana').queryKey)?.pages[0]?.ratings).toEqual([]);
      expect(queryClient.getQueryData(blockedMembersQuery.queryKey)).toEqual({ blocks: [] });
    } finally {
      await api.close();
    }
  });

  it("leaves the member's own profile to the page, which waits for the session", () => {
    expect(prefetchProfile(loaderArgs('/profile', '/profile/:id?'))).toBeNull();
  });
});
