import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, SEARCH_MAX_LENGTH } from './constants.ts';
import { memberSummary } from './items.ts';
import { optionalQueryText, pageQuery } from './paging.ts';
import { TEXT } from './texts.ts';

const t = TEXT.conversations;

export const conversationOpenBody = z.object({
  otherUserId: z.uuid({ error: () => t.otherRequired }),
  itemId: z.uuid().nullable().default(null),
});
export type ConversationOpenBody = z.input<typeof conversationOpenBody>;

export const conversationSummary = z.object({
  id: z.uuid(),
  item: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  other: memberSummary,
  /** Whether the other member has a tab open now, else when they last had. */
  otherPresence: z.object({ online: z.boolean(), lastSeenAt: z.iso.datetime().nullable() }),
  lastMessage: z.string(),
  lastMessageAt: z.iso.datetime(),
  unreadCount: z.number().int(),
  /** Either member blocked the other: the conversation stays readable, but nothing more can be sent in it. */
  contactClosed: z.boolean(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

/**
 * The Messages list. `q` searches all the member's conversations, not a page of them: the other
 * member's name, the item's title and the text of every message, so an old conversation is found.
 */
export const conversationListQuery = pageQuery(50, 30).extend({ q: optionalQueryText(SEARCH_MAX_LENGTH) });

export const conversationResponse = z.object({ conversation: conversationSummary });
export const conversationPage = z.object({
  conversations: z.array(conversationSummary),
  nextCursor: z.string().nullable(),
  /** How many conversations have unread messages: the count on the Messages navigation entry. */
  unreadConversations: z.number().int(),
});
export type ConversationPage = z.infer<typeof conversationPage>;

export const chatMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  clientId: z.uuid(),
  text: z.string(),
  imageUrl: z.string().nullable(),
  /** A moderator removed it: its text and photo are gone, and both members see a placeholder. */
  removed: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const messageSendBody = z.object({
  /** Made by the sending tab: a retried send with the same id never makes a second message. */
  clientId: z.uuid(),
  text: z.string().max(MESSAGE_MAX_LENGTH).default(''),
});
export type MessageSendBody = z.input<typeof messageSendBody>;

export const chatMessageResponse = z.object({ message: chatMessage });
/** Oldest first within the page; `nextCursor` pages towards older messages. */
export const messagePage = z.object({ messages: z.array(chatMessage), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePage>;
