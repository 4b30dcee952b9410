import { readMessage, type Notification, type NotificationType } from '@swapyard/contract';
import type { NotificationRow } from './repository.ts';

/** A notice's title and description in the reader's language, or as written when they are a member's own words. */
export function noticeWords(row: Pick<NotificationRow, 'title' | 'titleMessage' | 'description' | 'descriptionMessage'>): { title: string; description: string } {
  return {
    title: row.titleMessage ? readMessage(row.titleMessage) : row.title,
    description: row.descriptionMessage ? readMessage(row.descriptionMessage) : row.description,
  };
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    ...noticeWords(row),
    itemId: row.itemId,
    relatedId: row.relatedId,
    proposalId: row.proposalId,
    read: row.read,
    resolved: row.resolved,
    createdAt: row.createdAt.toISOString(),
  };
}
