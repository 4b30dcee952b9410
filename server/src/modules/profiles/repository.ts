import { and, asc, count, eq, gt, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { items, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Whether the member (an expression of the calling statement) exists and has not left. */
export function isActive(member: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${member} and ${users.deletedAt} is null)`;
}

export function displayNameOf(memberId: string): SQL<string | null> {
  return sql<string | null>`(select ${users.displayName} from ${users} where ${users.id} = ${memberId})`;
}

export async function countItems(db: Executor, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items).where(eq(items.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function updateProfile(
  db: Executor,
  id: string,
  values: Partial<Pick<UserRow, 'displayName' | 'bio' | 'location' | 'placeId' | 'photoUrl'>>,
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

export function summariesByIds(db: Executor, ids: string[]) {
  return db
    .select({ id: users.id, displayName: users.displayName, photoUrl: users.photoUrl, deletedAt: users.deletedAt })
    .from(users)
    .where(inArray(users.id, ids));
}

/** What a member who deleted their account leaves of their profile: nothing another member could read. */
export async function eraseProfile(db: Executor, id: string): Promise<void> {
  await db.update(users).set({ displayName: '', photoUrl: null, bio: '', location: '', placeId: null }).where(eq(users.id, id));
}

export async function addRating(db: Executor, userId: string, stars: number): Promise<void> {
  await db
    .update(users)
    .set({ ratingSum: sql`${users.ratingSum} + ${stars}`, ratingCount: sql`${users.ratingCount} + 1` })
    .where(eq(users.id, userId));
}

/** What the moderators' queue shows of members: their profile as others see it, and their role. */
export function moderatedByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      displayName: users.displayName,
      photoUrl: users.photoUrl,
      bio: users.bio,
      role: users.role,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Members with location text and no place yet, in id order from `afterId` on (issue 17's one-off matching). */
export function unplacedPage(db: Executor, afterId: string | undefined, limit: number) {
  return db
    .select({ id: users.id, location: users.location })
    .from(users)
    .where(and(isNull(users.placeId), ne(users.location, ''), afterId === undefined ? undefined : gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

/** Only rows still without a place: a member's own choice since is kept. */
export async function setPlace(db: Executor, ids: string[], placeId: number): Promise<void> {
  await db.update(users).set({ placeId }).where(and(inArray(users.id, ids), isNull(users.placeId)));
}
