import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * The session's one subscription becomes this one: its previous endpoint (the browser subscribed
 * anew) goes, and an endpoint already known moves here, to this member and session. Run in a transaction.
 * Two saves for one session (two clicks, two tabs of one browser) queue on the session's lock, so
 * the later one replaces the earlier instead of colliding with it on the one-per-session key.
 */
export async function saveSubscription(
  tx: Executor,
  values: { endpoint: string; p256dh: string; auth: string; userId: string; sessionId: string },
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${values.sessionId}`}))`);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, values.sessionId), ne(pushSubscriptions.endpoint, values.endpoint)));
  await tx
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: values.p256dh, auth: values.auth, userId: values.userId, sessionId: values.sessionId },
    });
}

export async function endpointOfSession(db: Executor, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.sessionId, sessionId));
  return row?.endpoint;
}

export async function deleteSubscriptionOfSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** The member's subscriptions made in these sessions (the live ones). */
export function subscriptionsOf(db: Executor, userId: string, sessionIds: string[]): Promise<PushSubscriptionRow[]> {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.sessionId, sessionIds)));
}

export async function deleteEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}
