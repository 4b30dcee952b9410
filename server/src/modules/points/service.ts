import type { PointEntryPage, PointReason } from '@swapyard/contract';
import type { Database, Executor } from '../../db/database.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { Session } from '../auth/service.ts';
import { appendEntry, listEntries, lockBalances, type NewPointEntry } from './repository.ts';

export interface Balance {
  userId: string;
  points: number;
}

export class PointsService {
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
  ) {}

  /** Only ever the member's own ledger. */
  async history(session: Session, cursor: string | undefined, limit: number): Promise<PointEntryPage> {
    const rows = await listEntries(this.db, session.userId, decodeCursor(cursor), limit + 1);
    const { visible, nextCursor } = splitPage(rows, limit, (row) => [row.cursorAt, row.entry.id]);
    return {
      entries: visible.map(({ entry, itemTitle }) => ({
        id: entry.id,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        reason: entry.reason as PointReason,
        proposalId: entry.proposalId,
        createdAt: entry.createdAt.toISOString(),
        itemTitle,
      })),
      nextCursor,
    };
  }

  /** Holds these balances until the caller's transaction ends; a member with no row, or who left, has none. */
  async lock(tx: Executor, userIds: string[]): Promise<Map<string, number>> {
    return new Map((await lockBalances(tx, userIds)).map((row) => [row.userId, row.points]));
  }

  /** Moves a balance and records why, in the caller's transaction (a swap, a signup bonus); returns the new balance. */
  move(tx: Executor, entry: NewPointEntry): Promise<number> {
    return appendEntry(tx, entry);
  }

  /**
   * In the transaction that deletes the account, after its items and proposals (the lock order):
   * the remaining balance leaves the economy through a closing entry, so the ledger's total still
   * equals the sum of balances. Written even for an empty balance: the ledger says the account closed.
   */
  async close(tx: Executor, userId: string): Promise<void> {
    const balance = (await this.lock(tx, [userId])).get(userId) ?? 0;
    await appendEntry(tx, { userId, amount: -balance, reason: 'account_closed' });
  }

  /** Call after commit: a member's open tabs show the new balance at once. */
  async announce(balances: Balance[]): Promise<void> {
    await Promise.all(
      balances.map(({ userId, points }) =>
        this.bus.publish({ rooms: [rooms.user(userId)], event: { type: 'points.updated', data: { userId, points } } }),
      ),
    );
  }
}
