import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { presenceColumns } from './present-presence.ts';

export async function keepOnline(db: Executor, userIds: string[], seconds: number): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(users)
    .set({ onlineUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(inArray(users.id, userIds));
}

export async function markOffline(db: Executor, userId: string): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ onlineUntil: sql`now()`, lastSeenAt: sql`now()` })
    .where(inArray(users.id, [userId]))
    .returning({ lastSeenAt: users.lastSeenAt });
  return row?.lastSeenAt ?? new Date();
}

/** Whether each member has a tab open now, and when they were last seen. */
export async function presenceOf(db: Executor, userIds: string[]): Promise<{ userId: string; online: boolean; lastSeenAt: Date | null }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, ...presenceColumns })
    .from(users)
    .where(inArray(users.id, userIds));
}
