import { TEXT, type NotificationPage } from '@swapyard/contract';
import type { Database } from '../../db/database.ts';
import { notFound, unauthenticated } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { Session } from '../auth/service.ts';
import { presentNotification } from './present-notification.ts';
import * as repo from './repository.ts';

export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
  ) {}

  async list(session: Session | undefined, cursor: string | undefined, limit: number): Promise<NotificationPage> {
    if (!session) throw unauthenticated(TEXT.auth.required);
    const rows = await repo.listForUser(this.db, session.userId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.notification.id]);
    return {
      notifications: visible.map((row) => presentNotification(row.notification)),
      nextCursor,
      unreadCount: await repo.unreadCount(this.db, session.userId),
    };
  }

  async markRead(session: Session | undefined, id: string): Promise<void> {
    if (!session) throw unauthenticated(TEXT.auth.required);
    if (!(await repo.markRead(this.db, session.userId, id))) throw notFound(TEXT.notifications.notFound);
    await this.announceUpdated(session.userId, id);
  }

  async markAllRead(session: Session | undefined): Promise<void> {
    if (!session) throw unauthenticated(TEXT.auth.required);
    await repo.markAllRead(this.db, session.userId);
    await this.announceUpdated(session.userId, null);
  }

  /** Call after commit, for notifications written inside another service's transaction. */
  async announceCreated(rows: repo.NotificationRow[]): Promise<void> {
    await Promise.all(
      rows.map((row) =>
        this.bus.publish({
          rooms: [rooms.user(row.userId)],
          event: { type: 'notifications.created', data: { notificationId: row.id } },
        }),
      ),
    );
  }

  async announceUpdated(userId: string, notificationId: string | null): Promise<void> {
    await this.bus.publish({
      rooms: [rooms.user(userId)],
      event: { type: 'notifications.updated', data: { notificationId } },
    });
  }
}
