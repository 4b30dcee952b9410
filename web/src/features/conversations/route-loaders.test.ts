import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cacheRestoreSettled } from '../../lib/persisted-cache.ts';
import { queryClient } from '../../lib/query-client.ts';
import { blockedMembersQuery } from '../../api/blocked-members.ts';
import { startApiServer, type Answer } from '../../test/api-server.ts';
import { loaderArgs } from '../../test/loader-args.ts';
import { conversationQuery } from './api/get-conversation.ts';
import { conversationProposalsQuery } from './api/get-conversation-proposals.ts';
import { messagesQuery } from './api/get-messages.ts';
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
    const answers: Record<string, Answer> = {
      '/api/conversations/c1': { status: 200, body: { conversation: { id: 'c1' } } },
      '/api/conversations/c1/messages': { status: 200, body: { messages: [{ id: 'm1' }], nextCursor: null } },
      '/api/conversations/c1/proposals': { status: 200, body: { proposals: [], nextCursor: null } },
      '/api/blocks': { status: 200, body: { blocks: [] } },
    };
    const api = await startApiServer(({ path }) => answers[path] ?? { status: 404 });
    try {
      await prefetchChat(loaderArgs('/chat/c1', '/chat/:id', { id: 'c1' }));

      expect(api.received.map(({ path }) => path).sort()).toEqual(Object.keys(answers).sort());
      expect(queryClient.getQueryData(conversationQuery('c1').queryKey)?.id).toBe('c1');
      expect(queryClient.getQueryData(messagesQuery('c1').queryKey)?.pages[0]?.messages).toEqual([{ id: 'm1' }]);
      expect(queryClient.getQueryData(conversationProposalsQuery('c1').queryKey)?.pages[0]?.proposals).toEqual([]);
      expect(queryClient.getQueryData(blockedMembersQuery.queryKey)).toEqual({ blocks: [] });
    } finally {
      await api.close();
    }
  });
});
