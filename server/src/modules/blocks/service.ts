import { TEXT, type BlockBody, type BlockedMember, type BlockList } from '@swapyard/contract';
import type { Placeholder, SQL, SQLWrapper } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { transactionWithRetry } from '../../db/retry.ts';
import { badRequest, forbidden, notFound, type AppError } from '../../lib/app-error.ts';
import type { Session } from '../auth/service.ts';
import type { ProfilesService } from '../profiles/service.ts';
import * as repo from './repository.ts';

const t = TEXT.blocks;

/**
 * Runs inside the transaction that blocks, with the pair locked; returns what to do once it has
 * committed. Proposals hook in here (their pending ones between the two are withdrawn) without
 * blocks depending on them.
 */
export type BlockHook = (tx: Executor, blocker: { id: string; displayName: string }, blockedId: string) => Promise<() => Promise<void>>;

/** Told once a block between the two has been made or lifted and committed. */
export type PairListener = (blockerId: string, blockedId: string) => Promise<void>;

/**
 * Blocks are read from the database on every request that could cross one, never cached, so a
 * block holds on every instance the moment it commits.
 */
export class BlocksService {
  private readonly blockHooks: BlockHook[] = [];
  private readonly pairListeners: PairListener[] = [];

  constructor(
    private readonly db: Database,
    private readonly profiles: ProfilesService,
  ) {}

  onBlock(hook: BlockHook): void {
    this.blockHooks.push(hook);
  }

  /** Conversations hook in here to tell both members' tabs, without blocks depending on them. */
  onPairChange(listener: PairListener): void {
    this.pairListeners.push(listener);
  }

  async block(session: Session, { userId }: BlockBody): Promise<BlockedMember> {
    if (userId === session.userId) throw badRequest(t.yourself);
    if (!(await this.profiles.exists(userId))) throw notFound(TEXT.profile.notFound);
    // Read before the transaction: on PGlite a read outside it would wait for it to end.
    const blocker = await session.user();
    const { row, afterCommit } = await transactionWithRetry(this.db, async (tx) => {
      await repo.lockPair(tx, session.userId, userId);
      const { row, created } = await repo.insertBlock(tx, session.userId, userId);
      const work: (() => Promise<void>)[] = [];
      if (created) {
        for (const hook of this.blockHooks) work.push(await hook(tx, blocker, userId));
        work.push(() => this.announce(session.userId, userId));
      }
      return { row, afterCommit: work };
    });
    for (const work of afterCommit) await work();
    const [blocked] = await this.present([row]);
    return blocked!;
  }

  /** Unblocking someone not blocked changes nothing and is not an error: the member's wish already holds. */
  async unblock(session: Session, userId: string): Promise<void> {
    if (await repo.deleteBlock(this.db, session.userId, userId)) await this.announce(session.userId, userId);
  }

  async list(session: Session): Promise<BlockList> {
    return { blocks: await this.present(await repo.blocksBy(this.db, session.userId)) };
  }

  /**
   * Whose listings the member does not want to see, as a condition for the statement that lists
   * them: false for the rows whose owner (`ownerId`, that statement's column) the member blocked.
   */
  notBlockedBy(memberId: string | Placeholder, ownerId: SQLWrapper): SQL {
    return repo.notBlockedBy(memberId, ownerId);
  }

  /** Which of these others the member and they may no longer contact each other, whoever blocked whom. */
  async closedAmong(db: Executor, memberId: string, otherIds: string[]): Promise<Set<string>> {
    const rows = await repo.blocksBetween(db, memberId, [...new Set(otherIds)]);
    return new Set(rows.map((row) => (row.blockerId === memberId ? row.blockedId : row.blockerId)));
  }

  /**
   * Refuses the member's reaching the other when either blocked the other. Inside a transaction
   * that is about to write something between them, `locked` takes the pair's lock first, so a block
   * committing meanwhile is either seen here or comes after what this transaction writes.
   */
  async assertCanContact(db: Executor, memberId: string, otherId: string, { locked = false } = {}): Promise<void> {
    if (locked) await repo.lockPair(db, memberId, otherId);
    const refusal = this.refusal(memberId, (await repo.blocksBetween(db, memberId, [otherId])).map((row) => row.blockerId));
    if (refusal) throw refusal;
  }

  /** assertCanContact's refusal, from the blockers between the member and the other (none: undefined). */
  refusal(memberId: string, blockerIds: string[]): AppError | undefined {
    if (blockerIds.length === 0) return undefined;
    return forbidden(blockerIds.includes(memberId) ? t.refusedByYou : t.refused);
  }

  /** For one statement that gathers a request's facts: the blockers between the member and the other (an expression of that statement). */
  blockersSql(memberId: string, other: SQL): SQL<string[]> {
    return repo.blockersBetween(memberId, other);
  }

  /**
   * For one statement that writes between the two without a transaction around it: the pair's lock
   * and the blockers read under it, as assertCanContact(..., { locked: true }) gives a transaction.
   * The lock holds until that statement commits.
   */
  blockersAfterLockSql(memberId: string, otherId: string): SQL<string[]> {
    return repo.blockersAfterPairLock(memberId, otherId);
  }

  private async announce(blockerId: string, blockedId: string): Promise<void> {
    for (const listener of this.pairListeners) await listener(blockerId, blockedId);
  }

  private async present(rows: repo.BlockRow[]): Promise<BlockedMember[]> {
    const members = await this.profiles.summaries(this.db, rows.map((row) => row.blockedId));
    return rows.map((row) => ({ ...members.get(row.blockedId)!, blockedAt: row.createdAt.toISOString() }));
  }
}
