import type { EventBus } from '../../realtime/event-bus.ts';
import { rooms } from '../../realtime/event-bus.ts';

export interface Balance {
  userId: string;
  points: number;
}

export class PointsService {
  constructor(private readonly bus: EventBus) {}

  /** Call after commit: a member's open tabs show the new balance at once. */
  async announce(balances: Balance[]): Promise<void> {
    await Promise.all(
      balances.map(({ userId, points }) =>
        this.bus.publish({ rooms: [rooms.user(userId)], event: { type: 'points.updated', data: { userId, points } } }),
      ),
    );
  }
}
