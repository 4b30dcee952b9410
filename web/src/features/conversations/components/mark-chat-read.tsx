import { useEffect } from 'react';
import { useMarkConversationRead } from '../api/mark-read.ts';

interface MarkChatReadProps {
  conversationId: string;
  /** The newest message from the other member: each one that arrives while the chat is open is read at once. */
  newestFromOther: string | undefined;
}

/**
 * Marks the open chat read. A part of its own because a mutation redraws whoever holds it at each
 * step (sent, answered): held by the chat page, that was the whole chat drawn twice more as it opened.
 */
export function MarkChatRead({ conversationId, newestFromOther }: MarkChatReadProps) {
  const { mutate } = useMarkConversationRead();
  useEffect(() => {
    mutate(conversationId);
  }, [conversationId, newestFromOther, mutate]);
  return null;
}
