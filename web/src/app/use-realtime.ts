import { readMessage, type ConversationSummary } from '@swapyard/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { currentUserQuery, resetSession, updateCurrentUser } from '../lib/current-user.ts';
import { announceNewListings } from '../lib/new-listings.ts';
import { whenPageSettled } from '../lib/page-settled.ts';
import { conversationKeys, historyKeys, itemKeys, notificationKeys, proposalKeys, savedSearchKeys, userKeys } from '../lib/query-keys.ts';
import { connectSocket, type SocketEvent } from '../lib/socket-client.ts';
import { WEB_TEXT } from '../lib/texts.ts';
import { toast } from '../lib/toast.ts';

type ItemEvent = Extract<SocketEvent, { type: 'items.created' | 'items.updated' | 'items.deleted' }>;

function refreshListings(queryClient: QueryClient, event: ItemEvent): void {
  // The owner's profile counts their items.
  void queryClient.invalidateQueries({ queryKey: userKeys.detail(event.data.ownerId) });
  const me = queryClient.getQueryData(currentUserQuery.queryKey);
  const isMine = event.data.ownerId === me?.id;
  if (event.type === 'items.deleted' && isMine) {
    // The tab that deleted it is leaving for the marketplace: refetching would flash "Item not found".
    const detail = itemKeys.detail(event.data.itemId);
    void queryClient.invalidateQueries({ queryKey: detail, refetchType: 'none' });
    void queryClient.invalidateQueries({
      queryKey: itemKeys.all,
      predicate: (query) => query.queryKey[1] !== detail[1] || query.queryKey[2] !== detail[2],
    });
    return;
  }
  if (event.type === 'items.created' && !isMine) {
    // Marketplace lists refetch when next opened or when the reader asks, not under their eyes.
    announceNewListings();
    void queryClient.invalidateQueries({ queryKey: itemKeys.lists, refetchType: 'none' });
    void queryClient.invalidateQueries({
      queryKey: itemKeys.all,
      predicate: (query) => query.queryKey[1] !== itemKeys.lists[1],
    });
    return;
  }
  void queryClient.invalidateQueries({ queryKey: itemKeys.all });
}

/**
 * A member answer already on its way may have been read before this change was committed, and
 * would overwrite it when it lands; it is restarted, so the answer that lands is read after.
 */
function showOnCurrentUser(queryClient: QueryClient, userId: string, change: Parameters<typeof updateCurrentUser>[2]): void {
  const answerInFlight = queryClient.isFetching({ queryKey: currentUserQuery.queryKey }) > 0;
  updateCurrentUser(queryClient, userId, change);
  if (answerInFlight) void queryClient.refetchQueries({ queryKey: currentUserQuery.queryKey });
}

type PresenceEvent = Extract<SocketEvent, { type: 'presence.updated' }>;

/** A watched member came or went: the chats with them say so as they are, without asking the server again. */
function showPresence(queryClient: QueryClient, { data: { userId, online, lastSeenAt } }: PresenceEvent): void {
  queryClient.setQueriesData<ConversationSummary>({ queryKey: conversationKeys.details }, (summary) =>
    summary?.other.id === userId ? { ...summary, otherPresence: { online, lastSeenAt } } : summary,
  );
}

/** What one server event changes in the tab's cache. */
export function applyServerEvent(queryClient: QueryClient, event: SocketEvent): void {
  switch (event.type) {
    case 'points.updated':
      showOnCurrentUser(queryClient, event.data.userId, { points: event.data.points });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      break;
    case 'role.updated':
      // The Admin pages and menu entry follow; a member no longer staff leaves the Admin pages.
      showOnCurrentUser(queryClient, event.data.userId, { role: event.data.role });
      break;
    case 'items.created':
    case 'items.updated':
    case 'items.deleted':
      refreshListings(queryClient, event);
      break;
    case 'messages.created':
    case 'conversations.updated':
      void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
      break;
    case 'conversations.read':
      // The chat just read is left as it is: refetching it would draw it again for nothing.
      for (const queryKey of conversationKeys.readCounts) void queryClient.invalidateQueries({ queryKey });
      break;
    case 'presence.updated':
      showPresence(queryClient, event);
      break;
    case 'notifications.created':
      // A saved search's alert: its count of new listings went up.
      if (event.data.type === 'saved_search') void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      break;
    case 'notifications.updated':
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      break;
    case 'proposals.updated':
      void queryClient.invalidateQueries({ queryKey: proposalKeys.all });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
      break;
  }
}

type NoticeEvent = Extract<SocketEvent, { type: 'notifications.created' }>;

/**
 * Where a notice leads, or null when the member is already looking at it: a message on its chat
 * or on the list of conversations, a saved listing's change on its page, anything else on
 * Notifications or on the proposal itself.
 */
export function noticeDestination({ data }: NoticeEvent, pathname: string): string | null {
  if (data.type === 'message') {
    const chat = `/chat/${data.relatedId ?? ''}`;
    return pathname === chat || pathname === '/messages' ? null : chat;
  }
  if (data.type === 'saved_search' && data.relatedId) {
    return pathname === '/notifications' ? null : `/saved-searches/${data.relatedId}`;
  }
  if (data.type === 'favourite' && data.relatedId) {
    const item = `/item/${data.relatedId}`;
    return pathname === item || pathname === '/notifications' ? null : item;
  }
  const destination = data.proposalId ? `/proposals/${data.proposalId}` : '/notifications';
  return pathname === destination || pathname === '/notifications' ? null : destination;
}

/** Keeps the signed-in tab's cache in step with the server's events. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(
    () =>
      connectSocket(
        {
          // Events sent while the socket was down are lost; refetching what is shown recovers them.
          onReconnect: () => void queryClient.invalidateQueries(),
          onSessionEnded: () => {
            resetSession(queryClient, null);
            void navigate('/login', { replace: true });
          },
          onEvent: (event) => {
            applyServerEvent(queryClient, event);
            if (event.type !== 'notifications.created') return;
            const destination = noticeDestination(event, window.location.pathname);
            if (destination === null) return;
            const { title, description, titleMessage, descriptionMessage } = event.data;
            toast.notice(titleMessage ? readMessage(titleMessage) : title, descriptionMessage ? readMessage(descriptionMessage) : description, {
              label: WEB_TEXT.notices.view,
              onClick: () => void navigate(destination),
            });
          },
        },
        // Its events are read once the first screen is drawn: the parser would compete with it.
        whenPageSettled(queryClient),
      ),
    [queryClient, navigate],
  );
}
