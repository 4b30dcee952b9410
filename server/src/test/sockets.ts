import { PRESENCE_WATCH, type ServerEvent } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { TEST_ORIGIN } from './build-test-app.ts';

export interface OpenSocket {
  socket: WebSocket;
  events: ServerEvent[];
}

/** A signed-in tab's socket on a listening app; rejects with the HTTP status of a refused handshake. */
export function openSocket(app: FastifyInstance, headers: Record<string, string>): Promise<OpenSocket> {
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { origin: TEST_ORIGIN, ...headers } });
    const events: ServerEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data)) as ServerEvent));
    socket.once('open', () => resolve({ socket, events }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    socket.once('error', reject);
  });
}

/** What a chat does once its partner is known: asks for that member's presence (the whole set each time). */
export function watchPresence(tab: OpenSocket, userIds: string[]): void {
  tab.socket.send(JSON.stringify({ type: PRESENCE_WATCH, data: { userIds } }));
}

/** The presence changes the tab heard, oldest first. */
export function presenceHeard(tab: OpenSocket): { userId: string; online: boolean; lastSeenAt: string | null }[] {
  return tab.events.flatMap((event) => (event.type === 'presence.updated' ? [event.data] : []));
}
