import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { communityQuery } from '../../api/community.ts';
import { unreadConversationsQuery, unreadNotificationsQuery } from '../../api/unread-counts.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { startApiServer, type Answer } from '../../test/api-server.ts';
import { signedInMember } from '../../test/mounted.tsx';
import { prefetchShell } from './route-loader.ts';

// The first page also waits for the saved answers to be back (none here).
beforeAll(() => {
  cacheRestoreSettled();
});

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe("the shell's loader", () => {
  it('asks for the session, the community and the unread counts at once, and the first page waits for them', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const me = signedInMember();
    const answers: Record<string, Answer> = {
      '/api/me': { status: 200, body: { user: me } },
      '/api/community': { status: 200, body: { community: { name: 'Leeds Swaps' } } },
      '/api/conversations?limit=1': { status: 200, body: { conversations: [], nextCursor: null, unreadConversations: 2 } },
      '/api/notifications?limit=1': { status: 200, body: { notifications: [], nextCursor: null, unreadCount: 5 } },
    };
    const api = await startApiServer(({ path }) => answers[path] ?? { status: 404 });
    try {
      await prefetchShell();

      expect(api.received.map(({ path }) => path).sort()).toEqual(Object.keys(answers).sort());
      expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(me);
      expect(queryClient.getQueryData(communityQuery.queryKey)?.community.name).toBe('Leeds Swaps');
      expect(queryClient.getQueryData(unreadConversationsQuery.queryKey)?.unreadConversations).toBe(2);
      expect(queryClient.getQueryData(unreadNotificationsQuery.queryKey)?.unreadCount).toBe(5);
    } finally {
      await api.close();
    }
  });
});
