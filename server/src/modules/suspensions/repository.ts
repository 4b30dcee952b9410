import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { staffMemberColumns } from '../../db/member-columns.ts';
import { reports, suspensions, users } from '../../db/schema/index.ts';
import { inForce } from '../../db/suspended.ts';

export type SuspensionRow = typeof suspensions.$inferSelect;

const memberColumns = {
  ...staffMemberColumns,
  deletedAt: users.deletedAt,
};

export async function findMember(db: Executor, id: string) {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Locks the member's row: sign-in takes the same lock, so no session starts between the check and the end of theirs. */
export async function lockMember(db: Executor, id: string) {
  const [row] = await db.select(memberColumns).from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function activeSuspensionOf(db: Executor, userId: string): Promise<SuspensionRow | undefined> {
  const [row] = await db
    .select()
    .from(suspensions)
    .where(and(eq(suspensions.userId, userId), inForce()))
    .orderBy(desc(suspensions.startsAt))
    .limit(1);
  return row;
}

const suspender = alias(users, 'suspender');
const lifter = alias(users, 'lifter');

/** Every suspension of the member, newest first, with the names of who suspended and who lifted. */
export function suspensionsOf(db: Executor, userId: string) {
  return db
    .select({
      suspension: suspensions,
      active: sql<boolean>`${inForce()}`.mapWith(Boolean),
      by: { id: suspender.id, displayName: suspender.displayName },
      liftedBy: { id: lifter.id, displayName: lifter.displayName },
    })
    .from(suspensions)
    .leftJoin(suspender, eq(suspender.id, suspensions.moderatorId))
    .leftJoin(lifter, eq(lifter.id, suspensions.liftedBy))
    .where(eq(suspensions.userId, userId))
    .orderBy(desc(suspensions.startsAt), desc(suspensions.id));
}

export type SuspensionWithNames = Awaited<ReturnType<typeof suspensionsOf>>[number];

export async function insertSuspension(
  db: Executor,
  values: { userId: string; moderatorId: string; reason: string; endsAt: Date | null },
): Promise<SuspensionRow> {
  const [row] = await db.insert(suspensions).values(values).returning();
  return row!;
}

export async function liftSuspension(db: Executor, id: string, liftedBy: string): Promise<void> {
  await db.update(suspensions).set({ liftedAt: sql`now()`, liftedBy }).where(eq(suspensions.id, id));
}

export async function countOpenReportsAbout(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(reports)
    .where(and(eq(reports.targetUserId, userId), eq(reports.status, 'open')));
  return row?.open ?? 0;
}
