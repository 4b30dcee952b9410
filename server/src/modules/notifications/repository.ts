import type { MessageRef } from '@swapyard/contract';
import { and, count, desc, eq, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { notifications, proposals } from '../../db/schema/index.ts';
import { after, type Cursor } from '../../db/keyset.ts';
import { allColumnsAs, rowFromJson } from '../../db/statement-steps.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<NotificationRow, 'userId' | 'type' | 'title' | 'description'> &
  Partial<Pick<NotificationRow, 'itemId' | 'relatedId' | 'proposalId' | 'resolved' | 'titleMessage' | 'descriptionMessage'>>;

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

export function listForUser(db: Executor, userId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ notification: notifications, cursorAt: sql<string>`${notifications.createdAt}::text` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after(notifications.createdAt, notifications.id, cursor),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

function unreadInSpan(userId: string, { from, until }: { from: Date; until: Date }) {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.read, false),
    gt(notifications.createdAt, from),
    lte(notifications.createdAt, until),
  );
}

export function unreadIn(db: Executor, userId: string, span: { from: Date; until: Date }, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(unreadInSpan(userId, span))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function unreadInCount(db: Executor, userId: string, span: { from: Date; until: Date }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(unreadInSpan(userId, span));
  return row?.n ?? 0;
}

/** Only the member's own notification: another member's id simply matches nothing. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<void> {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
}

/** A proposal that is answered no longer needs Accept and Decline; the answerer has seen it. */
export async function resolveProposalNotifications(
  db: Executor,
  proposalIds: string[],
  readBy?: string,
): Promise<NotificationRow[]> {
  if (proposalIds.length === 0) return [];
  return db
    .update(notifications)
    .set({
      resolved: true,
      ...(readBy ? { read: sql`${notifications.read} OR ${notifications.userId} = ${readBy}` } : {}),
    })
    .where(and(inArray(notifications.proposalId, proposalIds), eq(notifications.type, 'proposal')))
    .returning();
}

/**
 * Removes the notices about every proposal (of any status) that asks for this item. Deleting the
 * item deletes those proposals (ON DELETE CASCADE) and would delete these rows too, but PostgreSQL
 * also reaches each of them through its item_id (SET NULL) in the same statement and refuses the
 * delete; removing them first gives the cascade nothing to collide on.
 */
export function deleteForProposalsAsking(db: Executor, itemId: string): Promise<NotificationRow[]> {
  return db
    .delete(notifications)
    .where(inArray(notifications.proposalId, db.select({ id: proposals.id }).from(proposals).where(eq(proposals.itemId, itemId))))
    .returning();
}

/**
 * One unread message notification per conversation for its receiver (a unique index holds it to
 * one): the newest message updates it rather than adding another. A step of the sender's statement
 * (db/statement-steps.ts), for the row the step `after` yields.
 */
/** What a message notice says of the message: a member's words as written, or a text read in the reader's language. */
export interface MessagePreview {
  description: string;
  descriptionMessage: MessageRef | null;
}

export function upsertMessageNotificationStep(
  after: string,
  values: { userId: string; conversationId: string; itemId: string | null; title: string; titleMessage: MessageRef } & MessagePreview,
): SQL {
  const descriptionMessage = values.descriptionMessage ? JSON.stringify(values.descriptionMessage) : null;
  return sql`insert into ${notifications} (user_id, type, title, title_message, description, description_message, item_id, related_id)
    select ${values.userId}::uuid, 'message', ${values.title}::text, ${JSON.stringify(values.titleMessage)}::jsonb, ${values.description}::text, ${descriptionMessage}::jsonb, ${values.itemId}::uuid, ${values.conversationId}::text
    from ${sql.identifier(after)}
    on conflict (user_id, related_id) where type = 'message' and read = false
    do update set title = excluded.title, title_message = excluded.title_message, description = excluded.description,
      description_message = excluded.description_message, created_at = now()
    returning ${allColumnsAs(notifications)}`;
}

export function notificationFromJson(json: Record<string, unknown>): NotificationRow {
  return rowFromJson(notifications, json);
}

/** The member's one unread notice of the conversation (upsertMessageNotificationStep keeps it to one). */
function unreadMessageNotice(userId: string, conversationId: string) {
  return and(
    eq(notifications.userId, userId),
    eq(notifications.type, 'message'),
    eq(notifications.relatedId, conversationId),
    eq(notifications.read, false),
  );
}

export async function findUnreadMessageNotification(db: Executor, userId: string, conversationId: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(unreadMessageNotice(userId, conversationId)).limit(1);
  return row;
}

export async function markMessageNotificationsRead(db: Executor, userId: string, conversationId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(unreadMessageNotice(userId, conversationId))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteAllOf(db: Executor, userId: string): Promise<void> {
  await db.delete(notifications).where(eq(notifications.userId, userId));
}

/** A removed message's words leave the unread message notices that previewed them. */
export async function replaceMessagePreview(db: Executor, conversationId: string, preview: MessagePreview, placeholder: MessagePreview): Promise<number> {
  const previewed = preview.descriptionMessage
    ? sql`${notifications.descriptionMessage}->>'id' = ${preview.descriptionMessage.id}`
    : and(eq(notifications.description, preview.description), isNull(notifications.descriptionMessage));
  const rows = await db
    .update(notifications)
    .set(placeholder)
    .where(and(eq(notifications.type, 'message'), eq(notifications.relatedId, conversationId), previewed))
    .returning({ id: notifications.id });
  return rows.length;
}
