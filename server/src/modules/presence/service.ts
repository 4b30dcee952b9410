import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { rooms, type EventBus, type EventBusListener, type EventEnvelope } from '../../realtime/event-bus.ts';
import { keepOnline, markOffline } from './repository.ts';

const HEARTBEAT_MS = 30_000;
/** Long enough to survive one missed heartbeat; a crashed instance's members go offline after it. */
const ONLINE_SECONDS = 75;

/**
 * Online while a member has an open tab on any instance. Each instance counts its own tabs and
 * keeps users.online_until in the future for the members it holds; when one instance says a member
 * left, another that still holds a tab of theirs says otherwise.
 */
export class PresenceService implements EventBusListener {
  private readonly tabs = new Map<string, number>();
  private readonly heartbeat: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.heartbeat = setInterval(() => {
      keepOnline(this.db, [...this.tabs.keys()], ONLINE_SECONDS).catch((error: unknown) =>
        this.log.warn({ err: error }, 'presence heartbeat failed'),
      );
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async opened(userId: string): Promise<void> {
    const count = (this.tabs.get(userId) ?? 0) + 1;
    this.tabs.set(userId, count);
    if (count === 1) await this.announceOnline(userId);
  }

  async closed(userId: string): Promise<void> {
    if (this.stopped) return;
    const count = (this.tabs.get(userId) ?? 1) - 1;
    if (count > 0) {
      this.tabs.set(userId, count);
      return;
    }
    this.tabs.delete(userId);
    const lastSeenAt = await markOffline(this.db, userId);
    await this.bus.publish({
      rooms: [rooms.everyone],
      event: { type: 'presence.updated', data: { userId, online: false, lastSeenAt: lastSeenAt.toISOString() } },
    });
  }

  deliver({ event }: EventEnvelope): void {
    if (event.type !== 'presence.updated' || event.data.online || !this.tabs.has(event.data.userId)) return;
    this.announceOnline(event.data.userId).catch((error: unknown) => this.log.warn({ err: error }, 'presence correction failed'));
  }

  resync(): void {}

  /** On shutdown every member held here leaves at once, before the database closes. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    const held = [...this.tabs.keys()];
    this.tabs.clear();
    await Promise.all(held.map((userId) => markOffline(this.db, userId)));
  }

  private async announceOnline(userId: string): Promise<void> {
    await keepOnline(this.db, [userId], ONLINE_SECONDS);
    await this.bus.publish({
      rooms: [rooms.everyone],
      event: { type: 'presence.updated', data: { userId, online: true, lastSeenAt: null } },
    });
  }
}
