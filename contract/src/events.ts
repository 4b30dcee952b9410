import { z } from 'zod';
import { PRESENCE_WATCH, PRESENCE_WATCH_MAX, PROPOSAL_STATUSES, ROLES } from './constants.ts';
import { messageRefSchema, notification } from './notifications.ts';

/** Events the server pushes over /api/ws. Small fields only: a NOTIFY payload holds at most 8,000 bytes. */
export const pointsUpdatedEvent = z.object({
  type: z.literal('points.updated'),
  data: z.object({ userId: z.uuid(), points: z.number().int() }),
});

/** The session behind this socket was signed out or revoked: the tab must sign in again. */
export const sessionEndedEvent = z.object({
  type: z.literal('session.ended'),
  data: z.object({}),
});

/** An admin gave the member another role: their open tabs show or hide the Admin pages at once. */
export const roleUpdatedEvent = z.object({
  type: z.literal('role.updated'),
  data: z.object({ userId: z.uuid(), role: z.enum(ROLES) }),
});

/** A listing appeared, changed or went (swapped, withdrawn, deleted): marketplace views refresh. */
export const itemsCreatedEvent = z.object({
  type: z.literal('items.created'),
  data: z.object({ itemId: z.uuid(), ownerId: z.uuid() }),
});
export const itemsUpdatedEvent = z.object({
  type: z.literal('items.updated'),
  data: z.object({ itemId: z.uuid(), ownerId: z.uuid() }),
});
export const itemsDeletedEvent = z.object({
  type: z.literal('items.deleted'),
  data: z.object({ itemId: z.uuid(), ownerId: z.uuid() }),
});

/** NOTICE_PREVIEW_CHARS caps the description it carries, so an open tab can show the notice at once. */
export const NOTICE_PREVIEW_CHARS = 140;
/** A notice for the member, new or brought back to the top (another message in an unread conversation). */
export const notificationsCreatedEvent = z.object({
  type: z.literal('notifications.created'),
  data: notification
    .pick({ type: true, title: true, description: true, relatedId: true, proposalId: true })
    .extend({
      notificationId: z.uuid(),
      // The title and description in the language of the change; a tab reads these in its own.
      titleMessage: messageRefSchema.nullable(),
      descriptionMessage: messageRefSchema.nullable(),
    }),
});
/** Read or resolved flags changed; a null id means all of the member's notifications. */
export const notificationsUpdatedEvent = z.object({
  type: z.literal('notifications.updated'),
  data: z.object({ notificationId: z.uuid().nullable() }),
});
export const proposalsUpdatedEvent = z.object({
  type: z.literal('proposals.updated'),
  data: z.object({ proposalId: z.uuid(), status: z.enum(PROPOSAL_STATUSES) }),
});

/** Ids only: the tab reads the message back, so a long text never has to fit a NOTIFY payload. */
export const messagesCreatedEvent = z.object({
  type: z.literal('messages.created'),
  data: z.object({ conversationId: z.uuid(), messageId: z.uuid(), senderId: z.uuid() }),
});
/** Something of a conversation other than a new message changed (a block, a message removed): what shows it refetches. */
export const conversationsUpdatedEvent = z.object({
  type: z.literal('conversations.updated'),
  data: z.object({ conversationId: z.uuid() }),
});
/** The member read a conversation, in this tab or another: only their unread counts changed, not the chat. */
export const conversationsReadEvent = z.object({
  type: z.literal('conversations.read'),
  data: z.object({ conversationId: z.uuid() }),
});

export const presenceUpdatedEvent = z.object({
  type: z.literal('presence.updated'),
  data: z.object({ userId: z.uuid(), online: z.boolean(), lastSeenAt: z.iso.datetime().nullable() }),
});

export const serverEvent = z.discriminatedUnion('type', [
  presenceUpdatedEvent,
  messagesCreatedEvent,
  conversationsUpdatedEvent,
  conversationsReadEvent,
  notificationsCreatedEvent,
  notificationsUpdatedEvent,
  proposalsUpdatedEvent,
  pointsUpdatedEvent,
  sessionEndedEvent,
  roleUpdatedEvent,
  itemsCreatedEvent,
  itemsUpdatedEvent,
  itemsDeletedEvent,
]);
export type ServerEvent = z.infer<typeof serverEvent>;
export type ServerEventType = ServerEvent['type'];

/**
 * What a tab says over /api/ws: the members whose presence it shows, the whole set each time (it
 * replaces the last). The server keeps those it shares a conversation with and sends their
 * presence changes to this tab alone (docs/decisions/030).
 */
export const presenceWatchMessage = z.object({
  type: z.literal(PRESENCE_WATCH),
  data: z.object({ userIds: z.array(z.uuid()).max(PRESENCE_WATCH_MAX) }),
});
export const clientMessage = z.discriminatedUnion('type', [presenceWatchMessage]);
export type ClientMessage = z.infer<typeof clientMessage>;
