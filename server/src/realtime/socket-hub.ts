import { WS_CLOSE } from '@swapyard/contract';
import type { WebSocket } from 'ws';
import type { EventBusListener, EventEnvelope } from './event-bus.ts';

const HEARTBEAT_MS = 30_000;

/** The sockets of this instance, by room. */
export class SocketHub implements EventBusListener {
  private readonly byRoom = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    // A tab that vanished without closing would otherwise hold its room forever.
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  join(socket: WebSocket, roomNames: string[]): void {
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    for (const room of roomNames) {
      let members = this.byRoom.get(room);
      if (!members) this.byRoom.set(room, (members = new Set()));
      members.add(socket);
    }
    socket.once('close', () => {
      for (const room of roomNames) {
        const members = this.byRoom.get(room);
        members?.delete(socket);
        if (members?.size === 0) this.byRoom.delete(room);
      }
    });
  }

  /** How many of this instance's sockets are in the room: a journey waits for its tab's to be there. */
  count(room: string): number {
    return this.byRoom.get(room)?.size ?? 0;
  }

  deliver({ rooms, event }: EventEnvelope): void {
    const targets = new Set<WebSocket>();
    for (const room of rooms) for (const socket of this.byRoom.get(room) ?? []) targets.add(socket);
    if (targets.size === 0) return;
    const payload = JSON.stringify(event);
    for (const socket of targets) {
      socket.send(payload);
      if (event.type === 'session.ended') socket.close(WS_CLOSE.sessionEnded, 'session ended');
    }
  }

  resync(): void {
    this.closeAll(WS_CLOSE.resync, 'resync');
  }

  closeAll(code: number, reason: string): void {
    for (const members of this.byRoom.values()) for (const socket of members) socket.close(code, reason);
  }

  stop(): void {
    clearInterval(this.heartbeat);
    this.closeAll(WS_CLOSE.shuttingDown, 'server shutting down');
  }

  private sweep(): void {
    const seen = new Set<WebSocket>();
    for (const members of this.byRoom.values()) {
      for (const socket of members) {
        if (seen.has(socket)) continue;
        seen.add(socket);
        if (!this.alive.has(socket)) {
          socket.terminate();
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
    }
  }
}
