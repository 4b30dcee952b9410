import type { EventBusListener, EventEnvelope } from '../../realtime/event-bus.ts';

export interface LiveSession {
  id: string;
  userId: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

const SESSION_ROOM = 'session:';

/**
 * Live sessions by id (the token's hash), so a signed-in request needs no database round trip for
 * its session: that round trip was a third of the marketplace's first page (docs/performance.md).
 * Only the session is kept, never the member's row, which changes with every swap.
 *
 * An ended session leaves every instance's cache: sign-out and password resets announce
 * `session.ended` on the bus, which reaches each instance, and the instance that ends one also
 * forgets it at once. A bus that may have lost events empties the cache. An expired session is
 * refused by its expiry, and nothing is kept longer than `ttlMs`, which bounds how long a session
 * deleted with no announcement (by hand, in the database) is still honoured.
 */
export class SessionCache implements EventBusListener {
  private readonly live = new Map<string, { session: LiveSession; cachedAt: number }>();
  // Ended while a request may still have been reading them from the database: not to be cached again.
  private readonly ended = new Map<string, number>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
  ) {}

  get(id: string): LiveSession | undefined {
    const entry = this.live.get(id);
    if (!entry) return undefined;
    const now = Date.now();
    if (now - entry.cachedAt > this.ttlMs || entry.session.expiresAt.getTime() <= now) {
      this.live.delete(id);
      return undefined;
    }
    return entry.session;
  }

  set(session: LiveSession): void {
    const now = Date.now();
    for (const [id, endedAt] of this.ended) {
      if (now - endedAt <= this.ttlMs) break;
      this.ended.delete(id);
    }
    if (this.ended.has(session.id)) return;
    // Oldest first: a Map iterates in insertion order.
    if (this.live.size >= this.maxEntries) this.live.delete(this.live.keys().next().value!);
    this.live.set(session.id, { session, cachedAt: now });
  }

  forget(id: string): void {
    this.live.delete(id);
    this.ended.delete(id);
    this.ended.set(id, Date.now());
  }

  deliver({ rooms, event }: EventEnvelope): void {
    if (event.type !== 'session.ended') return;
    for (const room of rooms) if (room.startsWith(SESSION_ROOM)) this.forget(room.slice(SESSION_ROOM.length));
  }

  resync(): void {
    this.live.clear();
  }
}
