import { z } from 'zod';

// A leaf of the contract: the socket's events (events.ts) build on it, and a tab builds them without the rest of the schemas.

/**
 * favourite: a listing the member saved changed its points value, was swapped or was removed (issue 17).
 * saved_search: new listings match one of the member's saved searches (`relatedId` names it).
 */
export const NOTIFICATION_TYPES = ['message', 'proposal', 'rating', 'system', 'other', 'favourite', 'saved_search'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** A catalogue text kept by id and values (docs/decisions/032), read in the reader's language. */
export const messageRefSchema = z.object({ id: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() });

export const notification = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  description: z.string(),
  itemId: z.uuid().nullable(),
  relatedId: z.string().nullable(),
  proposalId: z.uuid().nullable(),
  read: z.boolean(),
  resolved: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = z.object({
  notifications: z.array(notification),
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPage>;
