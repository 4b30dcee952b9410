import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberProfileQuery } from '../../api/member-profile.ts';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { startApiServer, type Answer } from '../../test/api-server.ts';
import { signedInMember } from '../../test/mounted.tsx';
import { recentConversationsQuery } from './api/get-recent-conversations.ts';
import { recentItemsQuery } from './api/get-recent-items.ts';
import { prefetchDashboard } from './route-loaders.ts';

// The first page also waits for the saved answers to be back (none here).
beforeAll(() => {
  cacheRestoreSettled();
});

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe("the dashboard's loader", () => {
  it("asks for its lists and, once the session names the member, their own profile; the first page waits for all three", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const me = signedInMember();
    const answers: Record<string, Answer> = {
      '/api/me': { status: 200, body: { user: me } },
      [`/api/users/${me.id}`]: { status: 200, body: { profile: { id: me.id, itemCount: 3 } } },
      '/api/items': { status: 200, body: { items: [], nextCursor: null } },
      '/api/conversations': { status: 200, body: { conversations: [], nextCursor: null, unreadConversations: 0 } },
    };
    const api = await startApiServer(({ path }) => answers[path.split('?')[0] ?? ''] ?? { status: 404 });
    try {
      await prefetchDashboard();

      expect(queryClient.getQueryData(memberProfileQuery(me.id).queryKey)).toEqual({ id: me.id, itemCount: 3 });
      expect(queryClient.getQueryData(recentItemsQuery.queryKey)).toEqual([]);
      expect(queryClient.getQueryData(recentConversationsQuery.queryKey)?.conversations).toEqual([]);
    } finally {
      await api.close();
    }
  });

  it('still lets the page open when the session cannot be read: the route guard says why', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const api = await startApiServer(() => ({ status: 400, body: { error: 'no' } }));
    try {
      await expect(prefetchDashboard()).resolves.toBeNull();
      expect(api.received.some(({ path }) => path.startsWith('/api/users/'))).toBe(false);
    } finally {
      await api.close();
    }
  });
});
