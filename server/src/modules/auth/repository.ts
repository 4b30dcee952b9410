import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Locale, Role } from '@swapyard/contract';
import type { Executor } from '../../db/database.ts';
import { emailChanges, passwordResets, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Members who deleted their account are not found: they cannot sign in or ask for a reset link. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return row;
}

/** Undefined when the email is taken (case-insensitively). */
export async function insertUser(
  db: Executor,
  values: { email: string; passwordHash: string; displayName: string; role: Role; locale: Locale },
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** The language of the member's mails and pushes, and of the app wherever they sign in. */
export async function setLocale(db: Executor, userId: string, locale: Locale): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}

export async function updatePasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/**
 * The sign-in columns of a deleted account: the address goes (a value no sign-up can hold, as it
 * is not an address, so it is free for a new registration) and so does the password ('!' is no
 * argon2 hash: nothing verifies against it). False when the account was already closed.
 */
export async function closeAccount(db: Executor, userId: string): Promise<boolean> {
  const closed = await db
    .update(users)
    .set({ email: `deleted:${userId}`, passwordHash: '!', deletedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return closed.length > 0;
}

export async function deleteEmailChangesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
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
        .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt))),
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

export type EmailChangeRow = typeof emailChanges.$inferSelect;

/**
 * Holds the member's row until the transaction ends, so two email change requests at once queue
 * and the later replaces the earlier instead of both staying pending.
 */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function insertEmailChange(
  db: Executor,
  values: { tokenHash: string; userId: string; newEmail: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChanges).values(values);
}

/** Ends the member's unconfirmed email changes: their links stop working. */
export async function deletePendingEmailChanges(db: Executor, userId: string): Promise<void> {
  await db.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

export async function findPendingEmailChange(db: Executor, userId: string): Promise<EmailChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row;
}

/** Marks a live confirmation link used and returns what it confirms, in one statement, so it works once. */
export async function consumeEmailChange(
  db: Executor,
  tokenHash: string,
): Promise<{ userId: string; newEmail: string } | undefined> {
  const [row] = await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return row;
}

/** False when another member has the address (case-insensitively); the member's row is then left as it was. */
export async function updateEmail(db: Executor, userId: string, email: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ email })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${users} as taken where lower(taken.email) = lower(${email}) and taken.id <> ${userId})`,
      ),
    )
    .returning({ id: users.id });
  return updated.length > 0;
}
