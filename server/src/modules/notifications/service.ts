import { messageRef, NOTICE_PREVIEW_CHARS, readMessage, TEXT, type MessageRef, type NotificationPage, type NotificationType } from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import type { StatementStep } from '../../db/statement-steps.ts';
import { notFound } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { firstCharacters } from '../../lib/first-characters.ts';
import { rooms, type EventBus, type EventEnvelope } from '../../realtime/event-bus.ts';
import type { Session } from '../auth/service.ts';
import { presentNotification } from './present-notification.ts';
import * as repo from './repository.ts';

export type { MessagePreview, NotificationRow } from './repository.ts';
export { noticeWords } from './present-notification.ts';

/**
 * A notice's words: a catalogue text given as the read of it (`() => TEXT.notifications.swapped({ item })`),
 * kept by id and values so each reader reads it in their own language (docs/decisions/032); or a
 * member's own words (a message's preview), kept as they are.
 */
export type NoticeText = string | (() => string);

export type NewNotification = Omit<repo.NewNotification, 'title' | 'description' | 'titleMessage' | 'descriptionMessage'> & {
  title: NoticeText;
  description?: NoticeText;
};

function written(text: NoticeText | undefined): { text: string; message: MessageRef | null } {
  if (text === undefined) return { text: '', message: null };
  if (typeof text === 'string') return { text, message: null };
  const message = messageRef(text);
  return { text: readMessage(message), message };
}

function toRow({ title, description, ...rest }: NewNotification): repo.NewNotification {
  const [titleWritten, descriptionWritten] = [written(title), written(description)];
  return {
    ...rest,
    title: titleWritten.text,
    titleMessage: titleWritten.message,
    description: descriptionWritten.text,
    descriptionMessage: descriptionWritten.message,
  };
}


/** The step of noteMessageSteps that returns the notice. */
const MESSAGE_NOTICE_STEP = 'notice';

export class NotificationsService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
  ) {}

  /** Delivery outside the app (mail, push) is built after this service: it is handed every notice written. */
  private deliver: (tx: Executor, rows: repo.NotificationRow[]) => Promise<void> = async () => {};

  deliverThrough(deliver: (tx: Executor, rows: repo.NotificationRow[]) => Promise<void>): void {
    this.deliver = deliver;
  }

  /** The same for a message notice written as a step of the sender's statement: its jobs as steps after it. */
  private deliverMessage: (notice: string, userId: string, conversationId: string) => StatementStep[] = () => [];

  deliverMessagesThrough(deliver: (notice: string, userId: string, conversationId: string) => StatementStep[]): void {
    this.deliverMessage = deliver;
  }

  /**
   * Writes notices in the caller's transaction, with their mail and push jobs (the outbox);
   * announce them with announceCreated() after commit.
   */
  async insert(tx: Executor, rows: NewNotification[]): Promise<repo.NotificationRow[]> {
    const inserted = await repo.insertNotifications(tx, rows.map(toRow));
    await this.deliver(tx, inserted);
    return inserted;
  }

  /** Marks the notices of these proposals as acted on (and read, for the member who acted). */
  resolveForProposals(tx: Executor, proposalIds: string[], readBy?: string): Promise<repo.NotificationRow[]> {
    return repo.resolveProposalNotifications(tx, proposalIds, readBy);
  }

  /** Before an item is deleted: the notices of every proposal that asked for it (see the repository). */
  forgetProposalsAsking(tx: Executor, itemId: string): Promise<repo.NotificationRow[]> {
    return repo.deleteForProposalsAsking(tx, itemId);
  }

  /** In the transaction that deletes the account: what the member was told was theirs alone to read. */
  forgetAllOf(tx: Executor, userId: string): Promise<void> {
    return repo.deleteAllOf(tx, userId);
  }

  /**
   * The one unread notice of a conversation for its receiver, updated by each new message (see the
   * repository), with its mail and push jobs: steps of the sender's statement, after the step `after`
   * (docs/decisions/029). `returned` names the step that returns the notice's row (noticeFromJson).
   */
  noteMessageSteps(after: string, values: Parameters<typeof repo.upsertMessageNotificationStep>[1]): { steps: StatementStep[]; returned: string } {
    return {
      steps: [
        { name: MESSAGE_NOTICE_STEP, sql: repo.upsertMessageNotificationStep(after, values) },
        ...this.deliverMessage(MESSAGE_NOTICE_STEP, values.userId, values.conversationId),
      ],
      returned: MESSAGE_NOTICE_STEP,
    };
  }

  noticeFromJson(json: Record<string, unknown>): repo.NotificationRow {
    return repo.notificationFromJson(json);
  }

  /** The conversation's message notice while its member has not read it, as it reads now. */
  unreadMessageNotice(userId: string, conversationId: string): Promise<repo.NotificationRow | undefined> {
    return repo.findUnreadMessageNotification(this.db, userId, conversationId);
  }

  /** In the transaction that removes a message: a notice still previewing it shows the placeholder instead. */
  forgetMessagePreview(tx: Executor, conversationId: string, preview: repo.MessagePreview, placeholder: MessageRef): Promise<number> {
    return repo.replaceMessagePreview(tx, conversationId, preview, { description: readMessage(placeholder), descriptionMessage: placeholder });
  }

  /** Opening a conversation reads its message notice; returns how many changed. */
  readMessageNotices(tx: Executor, userId: string, conversationId: string): Promise<number> {
    return repo.markMessageNotificationsRead(tx, userId, conversationId);
  }

  /** The member's notices written in this span and still unread, newest first (at most `limit`), and how many there are. */
  async unreadIn(userId: string, span: { from: Date; until: Date }, limit: number): Promise<{ notices: repo.NotificationRow[]; total: number }> {
    const [notices, total] = await Promise.all([repo.unreadIn(this.db, userId, span, limit), repo.unreadInCount(this.db, userId, span)]);
    return { notices, total };
  }

  async list(session: Session, cursor: string | undefined, limit: number): Promise<NotificationPage> {
    const rows = await repo.listForUser(this.db, session.userId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.notification.id]);
    return {
      notifications: visible.map((row) => presentNotification(row.notification)),
      nextCursor,
      unreadCount: await repo.unreadCount(this.db, session.userId),
    };
  }

  async markRead(session: Session, id: string): Promise<void> {
    if (!(await repo.markRead(this.db, session.userId, id))) throw notFound(TEXT.notifications.notFound);
    await this.announceUpdated(session.userId, id);
  }

  async markAllRead(session: Session): Promise<void> {
    await repo.markAllRead(this.db, session.userId);
    await this.announceUpdated(session.userId, null);
  }

  /** Call after commit, for notifications written inside another service's transaction. */
  async announceCreated(rows: repo.NotificationRow[]): Promise<void> {
    await this.bus.publishAll(this.createdEvents(rows));
  }

  /** What announceCreated publishes, for a service that sends them with events of its own in one publish. */
  createdEvents(rows: repo.NotificationRow[]): EventEnvelope[] {
    return rows.map((row) => ({
      rooms: [rooms.user(row.userId)],
      event: {
        type: 'notifications.created',
        data: {
          notificationId: row.id,
          type: row.type as NotificationType,
          // Said in the language of the change; each tab reads the kept texts in its own.
          title: row.title,
          description: firstCharacters(row.description, NOTICE_PREVIEW_CHARS),
          titleMessage: row.titleMessage,
          descriptionMessage: row.descriptionMessage,
          relatedId: row.relatedId,
          proposalId: row.proposalId,
        },
      },
    }));
  }

  async announceUpdated(userId: string, notificationId: string | null): Promise<void> {
    await this.bus.publish({
      rooms: [rooms.user(userId)],
      event: { type: 'notifications.updated', data: { notificationId } },
    });
  }
}
