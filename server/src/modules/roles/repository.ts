import type { Role } from '@swapyard/contract';
import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { after, type Cursor } from '../../db/keyset.ts';
import { likeAnywhere } from '../../db/like-pattern.ts';
import { staffMemberColumns } from '../../db/member-columns.ts';
import { users } from '../../db/schema/index.ts';

// Any fixed 64-bit number works; it only has to be the same in every instance and the command line.
const ADMINS_LOCK_ID = 4_207_311_962;

/**
 * Held until the transaction ends: every change that could make or unmake an admin (the first
 * registration, a role change, an admin deleting their account) takes it first, so two of them
 * never both count the admins before either has written.
 */
export async function lockAdmins(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ADMINS_LOCK_ID})`);
}

export async function anyAccountExists(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}

/** Admins whose account is open, besides the given member. */
export async function countOtherAdmins(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), sql`${users.id} <> ${userId}`));
  return row?.count ?? 0;
}

const memberColumns = {
  ...staffMemberColumns,
  cursorAt: sql<string>`${users.createdAt}::text`,
};
export type MemberRow = { id: string; displayName: string; email: string; role: string; createdAt: Date; cursorAt: string };

/** Open accounts only: a former member has no role left to change. */
export async function findMember(db: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select(memberColumns).from(users).where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function findMemberByEmail(db: Executor, email: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  return row;
}

/** Newest first; `q` anywhere in the name or the email. */
export function listMembers(db: Executor, q: string | undefined, cursor: Cursor | undefined, limit: number): Promise<MemberRow[]> {
  const pattern = q === undefined ? undefined : likeAnywhere(q);
  return db
    .select(memberColumns)
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        pattern ? or(ilike(users.displayName, pattern), ilike(users.email, pattern)) : undefined,
        after(users.createdAt, users.id, cursor),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
}

export async function setRole(db: Executor, id: string, role: Role): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, id));
}
