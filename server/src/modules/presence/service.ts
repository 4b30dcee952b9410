import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { PRESENCE_ROOM_PREFIX, rooms, type EventBus, type EventBusListener, type EventEnvelope } from '../../realtime/event-bus.ts';
import type { SocketHub } from '../../realtime/socket-hub.ts';
import type { ConversationsService } from '../conversations/service.ts';
import { presentPresence } from './present-presence.ts';
import { keepOnline, markOffline, presenceOf } from './repository.ts';

const HEARTBEAT_MS = 30_000;
/** Long enough to survive one missed heartbeat; a crashed instance's members go offline after it. */
const ONLINE_SECONDS = 75;

/**
 * Online while a member has an open tab on any instance. Each instance counts its own tabs and
 * keeps users.online_until in the future for the members it holds; when one instance says a member
 * left, another that still holds a tab of theirs says otherwise. A change goes only to the tabs
 * watching the member (their room), which are those of conversation partners that show it
 * (docs/decisions/030): one member coming and going costs work for their partners, not for everyone.
 */
export class PresenceService implements EventBusListener {
  private readonly tabs = new Map<string, number>();
  /** For each watch whose answer is being read, the members no change has reached since it joined their rooms. */
  private readonly reading = new Set<Set<string>>();
  private readonly heartbeat: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly hub: SocketHub,
    private readonly conversations: Pick<ConversationsService, 'partnersAmong'>,
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
      rooms: [rooms.presence(userId)],
      event: { type: 'presence.updated', data: { userId, online: false, lastSeenAt: lastSeenAt.toISOString() } },
    });
  }

  /**
   * The tab's socket shows these members' presence from now on, instead of those it showed before;
   * members the viewer shares no conversation with are left out. Each newly watched member's
   * presence is sent at once: a change made before the watch began is not missed. A change that
   * reaches the socket while that presence is read is newer than the read may be, so that member's
   * answer is left out: the tab already shows the change.
   */
  async watch(socket: WebSocket, viewerId: string, memberIds: string[]): Promise<void> {
    if (socket.readyState !== socket.OPEN) return;
    const allowed = new Set(await this.conversations.partnersAmong(viewerId, [...new Set(memberIds)]));
    const watching = new Set(this.hub.roomsStartingWith(socket, PRESENCE_ROOM_PREFIX).map((room) => room.slice(PRESENCE_ROOM_PREFIX.length)));
    this.hub.leave(socket, [...watching].filter((id) => !allowed.has(id)).map(rooms.presence));
    const added = [...allowed].filter((id) => !watching.has(id));
    const unchanged = new Set(added);
    this.reading.add(unchanged);
    try {
      this.hub.join(socket, added.map(rooms.presence));
      for (const row of await presenceOf(this.db, added)) {
        if (unchanged.has(row.userId)) this.hub.sendTo(socket, { type: 'presence.updated', data: { userId: row.userId, ...presentPresence(row) } });
      }
    } finally {
      this.reading.delete(unchanged);
    }
  }

  deliver({ event }: EventEnvelope): void {
    if (event.type !== 'presence.updated') return;
    for (const unchanged of this.reading) unchanged.delete(event.data.userId);
    if (event.data.online || !this.tabs.has(event.data.userId)) return;
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
      rooms: [rooms.presence(userId)],
      event: { type: 'presence.updated', data: { userId, online: true, lastSeenAt: null } },
    });
  }
}
