import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { passwordResets, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

/** Undefined when the email is taken (case-insensitively). */
export async function insertUser(
  db: Executor,
  values: { email: string; passwordHash: string; displayName: string },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function insertSession(
  db: Executor,
  values: { id: string; userId: string; expiresAt: Date; remember: boolean; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function findLiveSession(db: Executor, id: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`)));
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function touchSession(db: Executor, id: string): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Executor, id: string): Promise<boolean> {
  const deleted = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function deleteSessionsOfUser(db: Executor, userId: string): Promise<string[]> {
  const deleted = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

/** A member has a handful of sessions: one per browser they signed in with, so no paging. */
export function liveSessionsOfUser(db: Executor, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Only a session of this member: an id of someone else's deletes nothing. */
export async function deleteSessionOfUser(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

export async function deleteSessionsOfUserExcept(db: Executor, userId: string, keptId: string): Promise<string[]> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptId)))
    .returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

export async function deleteExpiredSessions(db: Executor): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

/** A reset link for the member with this email, if there is one, in one statement. Returns the member's id. */
export async function insertPasswordResetFor(
  db: Executor,
  email: string,
  values: { tokenHash: string; expiresAt: Date },
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .insert(passwordResets)
    .select(
      // INSERT ... SELECT names every column of the table, in its order.
      db
        .select({
          tokenHash: sql<string>`${values.tokenHash}`.as('token_hash'),
          userId: users.id,
          expiresAt: sql<Date>`${values.expiresAt.toISOString()}::timestamptz`.as('expires_at'),
          usedAt: sql<Date | null>`null::timestamptz`.as('used_at'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(users)
        .where(sql`lower(${users.email}) = lower(${email})`),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}

/** Marks a live token used and returns its member, in one statement, so a token works once. */
export async function consumePasswordReset(db: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}

/** Every link of the member not yet used stops working: a reset ends them all. */
export async function endPasswordResetsOf(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
