import { WS_CLOSE, type ServerEvent } from '@swapyard/contract';
import type { WebSocket } from 'ws';
import type { EventBusListener, EventEnvelope } from './event-bus.ts';

const HEARTBEAT_MS = 30_000;

/** The sockets of this instance, by room. */
export class SocketHub implements EventBusListener {
  private readonly byRoom = new Map<string, Set<WebSocket>>();
  private readonly roomsOf = new Map<WebSocket, Set<string>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor() {
    // A tab that vanished without closing would otherwise hold its room forever.
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  join(socket: WebSocket, roomNames: string[]): void {
    // A socket that closed while its rooms were being worked out (a watch checked in the database) joins none.
    if (socket.readyState !== socket.OPEN) return;
    let joined = this.roomsOf.get(socket);
    if (!joined) {
      this.roomsOf.set(socket, (joined = new Set()));
      this.alive.add(socket);
      socket.on('pong', () => this.alive.add(socket));
      socket.once('close', () => {
        this.leave(socket, [...(this.roomsOf.get(socket) ?? [])]);
        this.roomsOf.delete(socket);
      });
    }
    for (const room of roomNames) {
      joined.add(room);
      let members = this.byRoom.get(room);
      if (!members) this.byRoom.set(room, (members = new Set()));
      members.add(socket);
    }
  }

  leave(socket: WebSocket, roomNames: string[]): void {
    const joined = this.roomsOf.get(socket);
    for (const room of roomNames) {
      joined?.delete(room);
      const members = this.byRoom.get(room);
      members?.delete(socket);
      if (members?.size === 0) this.byRoom.delete(room);
    }
  }

  /** The rooms a socket is in whose names start with the prefix: a tab's presence watches. */
  roomsStartingWith(socket: WebSocket, prefix: string): string[] {
    return [...(this.roomsOf.get(socket) ?? [])].filter((room) => room.startsWith(prefix));
  }

  /** How many of this instance's sockets are in the room: a journey waits for its tab's to be there. */
  count(room: string): number {
    return this.byRoom.get(room)?.size ?? 0;
  }

  /** One event to one socket: the answer to what that tab asked. */
  sendTo(socket: WebSocket, event: ServerEvent): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
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
    for (const socket of this.roomsOf.keys()) socket.close(code, reason);
  }

  stop(): void {
    clearInterval(this.heartbeat);
    this.closeAll(WS_CLOSE.shuttingDown, 'server shutting down');
  }

  private sweep(): void {
    for (const socket of this.roomsOf.keys()) {
      if (!this.alive.has(socket)) {
        socket.terminate();
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
  }
}
