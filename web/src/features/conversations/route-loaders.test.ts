import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { startApiServer } from '../../test/api-server.ts';
import { loaderArgs } from '../../test/loader-args.ts';
import { prefetchChat } from './route-loaders.ts';

// The first page also waits for the saved answers to be back (none here).
beforeAll(() => {
  cacheRestoreSettled();
});

afterEach(() => {
  vi.restoreAllMocks();
  queryClient.clear();
});

describe("the chat's loader", () => {
  it('asks for the chat, its messages, its proposals and the block list at once, and the first page waits for them', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const api = await startApiServer(({ path }) => ({ status: 200, body: { path } }));
    try {
      await prefetchChat(loaderArgs('/chat/c1', '/chat/:id', { id: 'c1' }));

      expect(api.received.map(({ path }) => path).sort()).toEqual([
        '/api/blocks',
        '/api/conversations/c1',
        '/api/conversations/c1/messages',
        '/api/conversations/c1/proposals',
      ]);
      expect(queryClient.isFetching()).toBe(0);
    } finally {
      await api.close();
    }
  });
});
