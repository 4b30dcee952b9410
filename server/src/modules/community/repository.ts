import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { communitySettings, invites, users } from '../../db/schema/index.ts';

export type SettingsRow = typeof communitySettings.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type SettingsValues = Omit<typeof communitySettings.$inferInsert, 'id' | 'updatedAt'>;

/** The migration made the one row; nothing deletes it. */
export async function readSettings(db: Executor, lock = false): Promise<SettingsRow> {
  const query = db.select().from(communitySettings);
  const [row] = lock ? await query.for('update') : await query;
  return row!;
}

export async function updateSettings(db: Executor, values: SettingsValues): Promise<SettingsRow> {
  const [row] = await db
    .update(communitySettings)
    .set({ ...values, updatedAt: sql`now()` })
    .returning();
  return row!;
}

/**
 * Holds the member's row until the caller's transaction ends, so two of their requests counting
 * what they did today take turns. Undefined for a member who is gone.
 */
export async function lockMember(db: Executor, userId: string): Promise<{ createdAt: Date } | undefined> {
  const [row] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('no key update');
  return row;
}

export async function insertInvite(
  db: Executor,
  values: { tokenHash: string; createdBy: string; maxUses: number; expiresAt: Date },
): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  return row!;
}

export interface InviteListRow {
  invite: InviteRow;
  createdByName: string | null;
}

const listColumns = { invite: invites, createdByName: users.displayName, creatorDeletedAt: users.deletedAt };

export async function newestInvites(db: Executor, limit: number): Promise<InviteListRow[]> {
  const rows = await db
    .select(listColumns)
    .from(invites)
    .leftJoin(users, eq(users.id, invites.createdBy))
    .orderBy(desc(invites.createdAt), desc(invites.id))
    .limit(limit);
  return rows.map(withCreator);
}

export async function findInvite(db: Executor, id: string): Promise<InviteListRow | undefined> {
  const [row] = await db.select(listColumns).from(invites).leftJoin(users, eq(users.id, invites.createdBy)).where(eq(invites.id, id));
  return row && withCreator(row);
}

function withCreator(row: { invite: InviteRow; createdByName: string | null; creatorDeletedAt: Date | null }): InviteListRow {
  return { invite: row.invite, createdByName: row.creatorDeletedAt ? null : row.createdByName };
}

export async function findInviteByHash(db: Executor, tokenHash: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.tokenHash, tokenHash));
  return row;
}

/**
 * One use of a usable invite, in a single statement: of two registrations racing for its last use,
 * the second waits for the first's row lock, sees the new count and matches nothing.
 */
export async function useInvite(db: Executor, tokenHash: string): Promise<boolean> {
  const used = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(
      and(
        eq(invites.tokenHash, tokenHash),
        isNull(invites.revokedAt),
        gt(invites.expiresAt, sql`now()`),
        lt(invites.uses, invites.maxUses),
      ),
    )
    .returning({ id: invites.id });
  return used.length > 0;
}

/** False when there is no such invite or it was already revoked. */
export async function revokeInvite(db: Executor, id: string): Promise<boolean> {
  const revoked = await db
    .update(invites)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(invites.id, id), isNull(invites.revokedAt)))
    .returning({ id: invites.id });
  return revoked.length > 0;
}
