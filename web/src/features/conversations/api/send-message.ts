import { TEXT, type ChatMessage, type MessagePage } from '@swapyard/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { sendOrQueue, type QueuedAction } from '../../../lib/offline-queue.ts';
import { toast } from '../../../lib/toast.ts';
import { messagesQuery } from './get-messages.ts';
import { conversationKeys } from '../../../lib/query-keys.ts';

export interface SendMessageInput {
  /** Made once per message: a retry with the same id never makes a second one. */
  clientId: string;
  text: string;
}

/** Where a conversation's messages wait while the member is offline (lib/offline-queue.ts). */
export function outboxTopic(conversationId: string): string {
  return `messages:${conversationId}`;
}

/** Offline, the message waits in the queue: its client id makes sending it later harmless. */
export async function sendOrQueueMessage(conversationId: string, input: SendMessageInput): Promise<ChatMessage | null> {
  const sent = await sendOrQueue<{ message: ChatMessage }>({
    id: input.clientId,
    topic: outboxTopic(conversationId),
    path: `/conversations/${conversationId}/messages`,
    body: input,
    refresh: [conversationKeys.all],
    failureText: TEXT.conversations.sendFailed,
  });
  return sent?.answer.message ?? null;
}

/** Queued messages as the chat shows them, in the member's own bubbles, until the server has them. */
export function waitingMessages(actions: QueuedAction[], conversationId: string, senderId: string): ChatMessage[] {
  return actions.flatMap((action) => {
    const body = action.body as Partial<SendMessageInput> | undefined;
    if (typeof body?.text !== 'string') return [];
    return [{ id: action.id, conversationId, senderId, clientId: action.id, text: body.text, imageUrl: null, removed: false, createdAt: action.queuedAt }];
  });
}

/** Puts a message at the end of the newest page, unless it is already there (an event may have brought it). */
export function appendMessage(data: InfiniteData<MessagePage, unknown> | undefined, message: ChatMessage) {
  if (!data) return data;
  const [newest, ...older] = data.pages;
  if (!newest || data.pages.some((page) => page.messages.some((m) => m.clientId === message.clientId && m.senderId === message.senderId))) {
    return data;
  }
  return { ...data, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendOrQueueMessage(conversationId, input),
    // A server error is worth two more tries with the same client id; the server keeps one copy.
    retry: 2,
    onSuccess: (message) => {
      if (!message) return;
      queryClient.setQueryData(messagesQuery(conversationId).queryKey, (data) => appendMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    },
    onError: (error) => toast.error(errorMessage(error, TEXT.conversations.sendFailed)),
  });
}
