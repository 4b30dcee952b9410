import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { notificationPreferences } from '../../db/schema/index.ts';

export type PreferenceRow = Pick<typeof notificationPreferences.$inferSelect, 'kind' | 'channel' | 'enabled'>;

export function rowsOf(db: Executor, userId: string): Promise<PreferenceRow[]> {
  return db
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function enabled(db: Executor, userId: string, kind: string, channel: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind), eq(notificationPreferences.channel, channel)));
  return row?.enabled;
}

/** enabled() as an expression of a caller's statement, with the default where no row says otherwise. */
export function enabledSql(userId: string, kind: string, channel: string, fallback: boolean): SQL<boolean> {
  return sql<boolean>`coalesce((select ${notificationPreferences.enabled} from ${notificationPreferences}
    where ${notificationPreferences.userId} = ${userId} and ${notificationPreferences.kind} = ${kind} and ${notificationPreferences.channel} = ${channel}), ${fallback})`;
}

/** Every switch written, the defaults included: a default that changes later leaves a member's choice as they made it. */
export async function save(db: Executor, userId: string, rows: PreferenceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((row) => ({ ...row, userId })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
}
