import { TEXT, type ChatMessage, type MessagePage } from '@swapyard/contract';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { messagesQuery } from './get-messages.ts';

export interface SendMessageInput {
  /** Made once per message: a retry with the same id never makes a second one. */
  clientId: string;
  text: string;
}

export function sendMessage(conversationId: string, input: SendMessageInput): Promise<ChatMessage> {
  return apiRequest<{ message: ChatMessage }>(`/conversations/${conversationId}/messages`, {
    method: 'POST',
    body: input,
  }).then(({ message }) => message);
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
    mutationFn: (input: SendMessageInput) => sendMessage(conversationId, input),
    // A dropped connection is worth two more tries with the same client id; the server keeps one copy.
    retry: 2,
    onSuccess: (message) => {
      queryClient.setQueryData(messagesQuery(conversationId).queryKey, (data) => appendMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: ['conversations', 'list'] });
    },
    onError: (error) => toast.error(errorMessage(error, TEXT.conversations.sendFailed)),
  });
}
