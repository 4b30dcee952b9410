import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys, notificationKeys } from '../../../lib/query-keys.ts';
import { startApiServer } from '../../../test/api-server.ts';
import { rootPerTest } from '../../../test/mounted.tsx';
import { useMarkConversationRead } from './mark-read.ts';

describe('marking a chat read', () => {
  const { render } = rootPerTest();
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
  });

  it("refreshes this tab's unread counts itself, without waiting for the socket, and leaves the chat alone", async () => {
    const server = await startApiServer(() => ({ status: 204 }));
    close = server.close;
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const counts: QueryKey[] = [conversationKeys.list, conversationKeys.recent, conversationKeys.unread, notificationKeys.unread];
    const chat: QueryKey[] = [conversationKeys.detail('c1'), conversationKeys.messages('c1')];
    for (const key of [...counts, ...chat]) queryClient.setQueryData(key, { seeded: true });
    let markRead: ReturnType<typeof useMarkConversationRead> | undefined;
    function Probe() {
      markRead = useMarkConversationRead();
      return null;
    }
    await render(
      <QueryClientProvider client={queryClient}>
        <Probe />
      </QueryClientProvider>,
    );

    await act(async () => {
      await markRead?.mutateAsync('c1');
    });

    expect(server.received).toEqual([{ method: 'POST', path: '/api/conversations/c1/read', body: undefined }]);
    const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    await vi.waitFor(() => expect(counts.map(stale)).toEqual([true, true, true, true]));
    expect(chat.map(stale)).toEqual([false, false]);
  });
});
