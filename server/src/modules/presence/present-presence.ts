import { sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

/**
 * A member's presence as read from their users row, for any query that joins it (presence's own,
 * a conversation's other member): online while an instance keeps online_until ahead of now.
 */
export const presenceColumns = {
  online: sql<boolean>`coalesce(${users.onlineUntil} > now(), false)`,
  lastSeenAt: users.lastSeenAt,
};

/** As every tab is told it, by answer or by event: a member online now has no last-seen time to show. */
export function presentPresence({ online, lastSeenAt }: { online: boolean; lastSeenAt: Date | null }): { online: boolean; lastSeenAt: string | null } {
  return { online, lastSeenAt: online ? null : (lastSeenAt?.toISOString() ?? null) };
}
