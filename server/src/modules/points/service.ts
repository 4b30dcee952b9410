import { TEXT, type PointEntryPage, type PointReason } from '@swapyard/contract';
import type { Database } from '../../db/database.ts';
import { unauthenticated } from '../../lib/app-error.ts';
import { decodeCursor, splitPage } from '../../lib/cursor.ts';
import { rooms, type EventBus } from '../../realtime/event-bus.ts';
import type { Session } from '../auth/service.ts';
import { listEntries } from './repository.ts';

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
  async history(session: Session | undefined, cursor: string | undefined, limit: number): Promise<PointEntryPage> {
    if (!session) throw unauthenticated(TEXT.auth.required);
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

  /** Call after commit: a member's open tabs show the new balance at once. */
  async announce(balances: Balance[]): Promise<void> {
    await Promise.all(
      balances.map(({ userId, points }) =>
        this.bus.publish({ rooms: [rooms.user(userId)], event: { type: 'points.updated', data: { userId, points } } }),
      ),
    );
  }
}
