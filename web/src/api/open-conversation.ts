import { TEXT, type ConversationSummary } from '@swapyard/contract';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest, errorMessage } from '../lib/api-client.ts';
import { toast } from '../lib/toast.ts';

/*
 * Contact Owner (item page) and Send Message (profile) both open a conversation, so this lives
 * in lib/ rather than in a feature that the others may not import.
 */
export function useOpenConversation() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (target: { otherUserId: string; itemId?: string | null }) =>
      apiRequest<{ conversation: ConversationSummary }>('/conversations', {
        method: 'POST',
        body: { otherUserId: target.otherUserId, itemId: target.itemId ?? null },
      }),
    onSuccess: ({ conversation }) => navigate(`/chat/${conversation.id}`),
    onError: (error) => toast.error(errorMessage(error, TEXT.conversations.loadFailed)),
  });
}
