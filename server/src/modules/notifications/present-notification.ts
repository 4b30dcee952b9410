import type { Notification, NotificationType } from '@swapyard/contract';
import type { NotificationRow } from './repository.ts';

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    description: row.description,
    itemId: row.itemId,
    relatedId: row.relatedId,
    proposalId: row.proposalId,
    read: row.read,
    resolved: row.resolved,
    createdAt: row.createdAt.toISOString(),
  };
}
