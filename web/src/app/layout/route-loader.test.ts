import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { startApiServer } from '../../test/api-server.ts';
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
  it('asks for the community and the unread counts at once, and the first page waits for them', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const api = await startApiServer(() => ({ status: 200, body: {} }));
    try {
      await prefetchShell();

      expect(api.received.map(({ path }) => path).sort()).toEqual(['/api/community', '/api/conversations?limit=1', '/api/notifications?limit=1']);
      expect(queryClient.isFetching()).toBe(0);
    } finally {
      await api.close();
    }
  });
});
