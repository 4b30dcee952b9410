import type { ConversationSummary, CurrentUser } from '@swapyard/contract';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationKeys, historyKeys, itemKeys, notificationKeys, proposalKeys, sessionKeys, userKeys } from '../lib/query-keys.ts';
import type { SocketEvent } from '../lib/socket-client.ts';
import { applyServerEvent, noticeDestination } from './use-realtime.ts';

const ME = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';
const ITEM = '00000000-0000-4000-8000-00000000000c';

const me = { id: ME, displayName: 'Ana', email: 'ana@example.com', points: 100 } as CurrentUser;
const marketplace = itemKeys.list({ search: '', category: 'all', location: '' } as never);

/** Every key family the app caches, each holding an answer that is fresh until an event says otherwise. */
const seeded: QueryKey[] = [
  sessionKeys.me,
  marketplace,
  itemKeys.recent,
  itemKeys.byOwner(OTHER),
  itemKeys.detail(ITEM),
  userKeys.detail(OTHER),
  conversationKeys.list,
  conversationKeys.messages('c1'),
  notificationKeys.list,
  notificationKeys.unread,
  proposalKeys.list('received'),
  historyKeys.entries,
];

type NoticeData = Extract<SocketEvent, { type: 'notifications.created' }>['data'];

function notice(data: Partial<NoticeData>): Extract<SocketEvent, { type: 'notifications.created' }> {
  return {
    type: 'notifications.created',
    data: { notificationId: 'n1', type: 'proposal', title: 'New swap proposal', description: '', titleMessage: null, descriptionMessage: null, relatedId: null, proposalId: 'p1', ...data },
  };
}

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient();
  for (const key of seeded) queryClient.setQueryData(key, key === sessionKeys.me ? me : { seeded: true });
});

/** Puts a query on screen: an invalidation that refetches what is shown calls its fetcher. */
function onScreen(key: QueryKey): { fetches: number } {
  const seen = { fetches: 0 };
  new QueryObserver(queryClient, {
    queryKey: key,
    queryFn: () => {
      seen.fetches += 1;
      return { seeded: true };
    },
    staleTime: Infinity,
  }).subscribe(() => undefined);
  return seen;
}

/** The seeded queries the event marked stale, as their first two segments. */
function stale(): string[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey.slice(0, 2).join('/'))
    .sort();
}

describe('what a server event changes in the cache', () => {
  it("shows the member's new balance at once and refreshes their history", () => {
    applyServerEvent(queryClient, { type: 'points.updated', data: { userId: ME, points: 140 } });
    expect(queryClient.getQueryData<CurrentUser>(sessionKeys.me)?.points).toBe(140);
    expect(stale()).toEqual(['history/entries']);
  });

  it('keeps the new balance when a member answer read before it lands afterwards', async () => {
    const answers: ((user: CurrentUser) => void)[] = [];
    let calls = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: sessionKeys.me,
      queryFn: () => {
        calls += 1;
        return new Promise<CurrentUser>((resolve) => answers.push(resolve));
      },
      staleTime: Infinity,
    });
    observer.subscribe(() => undefined);
    const readBeforeTheSwap = observer.refetch();

    applyServerEvent(queryClient, { type: 'points.updated', data: { userId: ME, points: 101 } });
    answers[0]?.({ ...me, points: 100 });
    answers[1]?.({ ...me, points: 101 });
    await readBeforeTheSwap;
    await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));

    expect(calls).toBe(2);
    expect(queryClient.getQueryData<CurrentUser>(sessionKeys.me)?.points).toBe(101);
  });

  it('shows the member their new role at once, and nothing else goes stale', () => {
    applyServerEvent(queryClient, { type: 'role.updated', data: { userId: ME, role: 'moderator' } });
    expect(queryClient.getQueryData<CurrentUser>(sessionKeys.me)?.role).toBe('moderator');
    expect(stale()).toEqual([]);
  });

  it("leaves the balance alone for another member's points", () => {
    applyServerEvent(queryClient, { type: 'points.updated', data: { userId: OTHER, points: 5 } });
    expect(queryClient.getQueryData<CurrentUser>(sessionKeys.me)?.points).toBe(100);
  });

  it("offers another member's new listing instead of moving the marketplace under the reader", () => {
    const shown = onScreen(marketplace);
    const recent = onScreen(itemKeys.recent);
    applyServerEvent(queryClient, { type: 'items.created', data: { itemId: ITEM, ownerId: OTHER } });
    expect(stale()).toEqual(['items/detail', 'items/list', 'items/owner', 'items/recent', `users/${OTHER}`]);
    expect(shown.fetches).toBe(0);
    expect(recent.fetches).toBe(1);
  });

  it('refreshes every listing when one changes', () => {
    const shown = onScreen(marketplace);
    applyServerEvent(queryClient, { type: 'items.updated', data: { itemId: ITEM, ownerId: OTHER } });
    expect(stale()).toEqual(['items/detail', 'items/list', 'items/owner', 'items/recent', `users/${OTHER}`]);
    expect(shown.fetches).toBe(1);
  });

  it('never refetches the listing this tab just deleted', () => {
    queryClient.setQueryData(itemKeys.byOwner(ME), { seeded: true });
    const deleted = onScreen(itemKeys.detail(ITEM));
    const mine = onScreen(itemKeys.byOwner(ME));
    applyServerEvent(queryClient, { type: 'items.deleted', data: { itemId: ITEM, ownerId: ME } });
    expect(queryClient.getQueryState(itemKeys.detail(ITEM))?.isInvalidated).toBe(true);
    expect(deleted.fetches).toBe(0);
    expect(mine.fetches).toBe(1);
  });

  it("refetches the offer picker's available items when one of the member's items changes", () => {
    const available = itemKeys.byOwnerInStatus(ME, 'available');
    queryClient.setQueryData(available, { seeded: true });
    const picker = onScreen(available);
    applyServerEvent(queryClient, { type: 'items.updated', data: { itemId: ITEM, ownerId: ME } });
    expect(picker.fetches).toBe(1);
  });

  it("refetches the proposal cards of the chat on screen when one of its proposals changes, whichever side changed it", () => {
    const cards = proposalKeys.inConversation('c1');
    queryClient.setQueryData(cards, { seeded: true });
    const chat = onScreen(cards);
    applyServerEvent(queryClient, { type: 'proposals.updated', data: { proposalId: 'p1', status: 'accepted' } });
    expect(chat.fetches).toBe(1);
  });

  it('refetches a search of the conversations on screen when a message arrives, as it does the whole list', () => {
    const searched = conversationKeys.search('kettle');
    queryClient.setQueryData(searched, { seeded: true });
    const results = onScreen(searched);
    const list = onScreen(conversationKeys.list);
    applyServerEvent(queryClient, { type: 'messages.created', data: { conversationId: 'c1', messageId: 'm1', senderId: OTHER } });
    expect([results.fetches, list.fetches]).toEqual([1, 1]);
  });

  it('refreshes the unread counts when the member reads a chat, and leaves the chat itself alone', () => {
    const counts = [conversationKeys.recent, conversationKeys.unread, conversationKeys.detail('c1'), proposalKeys.inConversation('c1')];
    for (const key of counts) queryClient.setQueryData(key, { seeded: true });
    const badge = onScreen(conversationKeys.unread);
    const chat = [conversationKeys.detail('c1'), conversationKeys.messages('c1'), proposalKeys.inConversation('c1')].map(onScreen);

    applyServerEvent(queryClient, { type: 'conversations.read', data: { conversationId: 'c1' } });

    expect(stale()).toEqual(['conversations/list', 'conversations/recent', 'conversations/unread']);
    expect(badge.fetches).toBe(1);
    expect(chat.map((query) => query.fetches)).toEqual([0, 0, 0]);
  });

  it("shows a partner's presence in the chats with them at once, and makes nothing stale", () => {
    const summary = (id: string, otherId: string) =>
      ({ id, other: { id: otherId }, otherPresence: { online: false, lastSeenAt: null } }) as unknown as ConversationSummary;
    queryClient.setQueryData(conversationKeys.detail('c1'), summary('c1', OTHER));
    queryClient.setQueryData(conversationKeys.detail('c2'), summary('c2', ITEM));
    const chat = onScreen(conversationKeys.detail('c1'));

    applyServerEvent(queryClient, { type: 'presence.updated', data: { userId: OTHER, online: true, lastSeenAt: null } });

    const presenceIn = (id: string) => queryClient.getQueryData<ConversationSummary>(conversationKeys.detail(id))?.otherPresence;
    expect([presenceIn('c1'), presenceIn('c2')]).toEqual([{ online: true, lastSeenAt: null }, { online: false, lastSeenAt: null }]);
    expect(chat.fetches).toBe(0);
    expect(stale()).toEqual([]);
  });

  it.each([
    [{ type: 'messages.created', data: { conversationId: 'c1', messageId: 'm1', senderId: OTHER } }, ['conversations/list', 'conversations/messages']],
    [notice({}), ['notifications/list', 'notifications/unread']],
    [{ type: 'proposals.updated', data: { proposalId: 'p1', status: 'accepted' } }, ['history/entries', 'proposals/list']],
  ] as const)('refreshes what %j changes and nothing else', (event, expected) => {
    applyServerEvent(queryClient, event as never);
    expect(stale()).toEqual(expected);
  });
});

describe('where a notice that arrives leads, and when it stays quiet', () => {
  const message = notice({ type: 'message', relatedId: 'c1', proposalId: null });

  it.each([
    ['/marketplace', '/chat/c1'],
    ['/chat/c2', '/chat/c1'],
    ['/chat/c1', null],
    ['/messages', null],
  ])('a message seen from %s leads to %s', (pathname, expected) => {
    expect(noticeDestination(message, pathname)).toBe(expected);
  });

  it.each([
    ['/', '/proposals/p1'],
    ['/proposals', '/proposals/p1'],
    ['/proposals/p1', null],
    ['/notifications', null],
  ])('a proposal seen from %s leads to %s', (pathname, expected) => {
    expect(noticeDestination(notice({}), pathname)).toBe(expected);
  });

  it.each([
    ['/marketplace', '/item/i1'],
    ['/notifications', null],
    ['/item/i1', null],
  ])('a saved listing’s change seen from %s leads to %s', (pathname, expected) => {
    expect(noticeDestination(notice({ type: 'favourite', relatedId: 'i1', proposalId: null }), pathname)).toBe(expected);
  });

  it('a saved listing that was removed leads to Notifications', () => {
    expect(noticeDestination(notice({ type: 'favourite', relatedId: null, proposalId: null }), '/')).toBe('/notifications');
  });

  it('a notice about no proposal leads to Notifications', () => {
    expect(noticeDestination(notice({ type: 'system', proposalId: null }), '/')).toBe('/notifications');
  });
});
