import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { messageDeliveries, users } from '../../db/schema/index.ts';

/** Where a member's mail goes; undefined for an id no member has. */
export async function recipient(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The member's presence as the database's clock sees it now (presence module: online while online_until is ahead). */
export async function presence(db: Executor, userId: string) {
  const [row] = await db
    .select({ onlineUntil: users.onlineUntil, lastSeenAt: users.lastSeenAt, now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)) })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function lastDelivery(db: Executor, userId: string, conversationId: string, channel: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: messageDeliveries.deliveredAt })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.userId, userId), eq(messageDeliveries.conversationId, conversationId), eq(messageDeliveries.channel, channel)));
  return row?.at;
}

export async function recordDelivery(db: Executor, userId: string, conversationId: string, channel: string): Promise<void> {
  await db
    .insert(messageDeliveries)
    .values({ userId, conversationId, channel })
    .onConflictDoUpdate({
      target: [messageDeliveries.userId, messageDeliveries.conversationId, messageDeliveries.channel],
      set: { deliveredAt: sql`now()` },
    });
}
