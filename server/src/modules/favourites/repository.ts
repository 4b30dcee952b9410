import { and, desc, eq, inArray, notInArray, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { after, type Cursor } from '../../db/keyset.ts';
import { favourites } from '../../db/schema/index.ts';

/** Saving twice is saving once: the first time saved stays, and with it the place on the list. */
export async function save(db: Executor, memberId: string, itemId: string): Promise<void> {
  await db.insert(favourites).values({ memberId, itemId }).onConflictDoNothing();
}

export async function unsave(db: Executor, memberId: string, itemId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.memberId, memberId), eq(favourites.itemId, itemId)));
}

export async function unsaveAll(db: Executor, memberId: string): Promise<void> {
  await db.delete(favourites).where(eq(favourites.memberId, memberId));
}

/** For another module's statement: whether the member saved the item in `itemId` (a column of that statement). */
export function savedBy(memberId: string | Placeholder, itemId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${favourites} where ${favourites.memberId} = ${memberId} and ${favourites.itemId} = ${itemId})`;
}

/** The member's saved items, newest saved first, from the cursor on (favourites_member_newest_idx). */
export function page(db: Executor, memberId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select({ itemId: favourites.itemId, savedAt: favourites.createdAt, cursorAt: sql<string>`${favourites.createdAt}::text` })
    .from(favourites)
    .where(and(eq(favourites.memberId, memberId), after(favourites.createdAt, favourites.itemId, cursor)))
    .orderBy(desc(favourites.createdAt), desc(favourites.itemId))
    .limit(limit);
}

/** Who saved these items, but for the members left out: each saver with the items they saved. */
export function saversOf(db: Executor, itemIds: string[], except: string[]) {
  if (itemIds.length === 0) return Promise.resolve([]);
  return db
    .select({ memberId: favourites.memberId, itemId: favourites.itemId })
    .from(favourites)
    .where(and(inArray(favourites.itemId, itemIds), except.length ? notInArray(favourites.memberId, except) : undefined));
}
