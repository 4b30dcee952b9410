import { TEXT, type ChatMessage, type ConversationSummary } from '@swapyard/contract';
import { presentPresence } from '../presence/present-presence.ts';
import { presentMember } from '../profiles/present-member.ts';
import { imageUrl } from '../uploads/image-keys.ts';
import type * as repo from './repository.ts';

export function presentMessage(row: repo.MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    clientId: row.clientId,
    // A removed message's words and photo are never answered again; the placeholder stands in their place.
    text: row.removedAt ? TEXT.moderation.messageRemoved : row.text,
    imageUrl: row.imageKey && !row.removedAt ? imageUrl(row.imageKey) : null,
    removed: row.removedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

type SummaryRow = Awaited<ReturnType<typeof repo.listForMember>>[number];

/** The list's preview: a member's words as written, or our words for a photo or a removed message in the reader's language. */
function previewText(kind: repo.PreviewKind, lastMessage: string): string {
  switch (kind) {
    case 'photo':
      return TEXT.conversations.photo;
    case 'removed':
      return TEXT.moderation.messageRemoved;
    default:
      return lastMessage;
  }
}

/** The previews of ours whose words, in the reader's language, hold `q`: a search finds those conversations too. */
export function previewsSaying(q: string): repo.PreviewKind[] {
  const wanted = q.toLocaleLowerCase();
  return (['photo', 'removed'] as const).filter((kind) => previewText(kind, '').toLocaleLowerCase().includes(wanted));
}

export function presentSummary(row: SummaryRow, contactClosed: boolean): ConversationSummary {
  return {
    id: row.conversation.id,
    item: row.conversation.itemId && row.itemTitle !== null ? { id: row.conversation.itemId, title: row.itemTitle } : null,
    other: presentMember(row.other),
    otherPresence: presentPresence(row.otherPresence),
    lastMessage: previewText(row.conversation.lastMessageKind, row.conversation.lastMessage),
    lastMessageAt: row.conversation.lastMessageAt.toISOString(),
    unreadCount: row.unreadCount,
    contactClosed,
  };
}
