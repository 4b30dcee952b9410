import { and, desc, eq, inArray, or, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { blocks } from '../../db/schema/index.ts';

export type BlockRow = typeof blocks.$inferSelect;

/**
 * Returns the row whether it is new or was there already: blocking twice is blocking once. Called
 * with the pair locked (lockPair), and stamped with the clock then rather than when the transaction
 * began: whatever passed between the two before the lock is older than the block, and nothing after.
 */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string): Promise<{ row: BlockRow; created: boolean }> {
  const [inserted] = await db
    .insert(blocks)
    .values({ blockerId, blockedId, createdAt: sql`clock_timestamp()` })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const [existing] = await db
    .select()
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return { row: existing!, created: false };
}

/** False when there was no such block. */
export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const deleted = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ blockedId: blocks.blockedId });
  return deleted.length > 0;
}

export function blocksBy(db: Executor, blockerId: string): Promise<BlockRow[]> {
  return db.select().from(blocks).where(eq(blocks.blockerId, blockerId)).orderBy(desc(blocks.createdAt), desc(blocks.blockedId));
}

/**
 * For another module's statement: true where the member did not block the owner in `ownerId` (a
 * column of that statement), so a list leaves out blocked members' rows in the same round trip.
 */
export function notBlockedBy(blockerId: string | Placeholder, ownerId: SQLWrapper): SQL {
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blockerId} and ${blocks.blockedId} = ${ownerId})`;
}

/** The blocks between the member and any of these others, in either direction. */
export function blocksBetween(db: Executor, memberId: string, otherIds: string[]): Promise<BlockRow[]> {
  if (otherIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, memberId), inArray(blocks.blockedId, otherIds)),
        and(eq(blocks.blockedId, memberId), inArray(blocks.blockerId, otherIds)),
      ),
    );
}

/** The pair's advisory lock key, whichever way round it is named. */
function pairLockKey(a: string, b: string): string {
  return `blocks:${a < b ? `${a}:${b}` : `${b}:${a}`}`;
}

/**
 * A transaction-scoped lock on the pair, whichever way round it is named: a block and a message
 * or proposal between the same two members take it, so one of them commits first and the other
 * sees it. There is no row to lock before the first block exists, hence an advisory lock.
 */
export async function lockPair(db: Executor, a: string, b: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${pairLockKey(a, b)}, 0))`);
}

/**
 * For a statement that writes between the two in one round trip, in place of lockPair and then
 * blocksBetween: the pair's lock, then the blockers between them (ids) read once the lock is held
 * (migration 0021's function), so a block that committed while the statement waited is seen.
 */
export function blockersAfterPairLock(memberId: string, otherId: string): SQL<string[]> {
  return sql<string[]>`blocks_after_pair_lock(${pairLockKey(memberId, otherId)}, ${memberId}::uuid, ${otherId}::uuid)`;
}

/** The blockers (ids) between the member and the other as the calling statement reads them: `other` may be an expression of it. */
export function blockersBetween(memberId: string, other: SQL): SQL<string[]> {
  return sql<string[]>`array(select ${blocks.blockerId}::text from ${blocks} where (${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${other})
    or (${blocks.blockerId} = ${other} and ${blocks.blockedId} = ${memberId}))`;
}
