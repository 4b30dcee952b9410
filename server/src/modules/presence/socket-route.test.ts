import { WS_CLOSE, type ServerEvent } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { appendEntry } from '../points/repository.ts';
import { buildTestApp, TEST_ORIGIN } from '../../test/build-test-app.ts';
import type { LogCapture } from '../../test/log-capture.ts';
import { registerMember, send } from '../../test/members.ts';

let app: FastifyInstance;
let log: LogCapture;
let url: string;

beforeEach(async () => {
  ({ app, log } = await buildTestApp({ logLevel: 'info' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/ws`;
});
afterEach(async () => {
  await app.close();
});

/** Resolves with the open socket, or rejects with the HTTP status of the refused handshake. */
function connect(headers: Record<string, string>): Promise<{ socket: WebSocket; events: ServerEvent[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    const events: ServerEvent[] = [];
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as ServerEvent;
      // Presence comes and goes with every tab; these tests are about what else reaches whom.
      if (event.type !== 'presence.updated') events.push(event);
    });
    socket.once('open', () => resolve({ socket, events }));
    socket.once('unexpected-response', (_request, response) => reject(new Error(String(response.statusCode))));
    socket.once('error', reject);
  });
}

async function addPoints(userId: string, amount: number): Promise<number> {
  const points = await app.services.database.db.transaction((tx) =>
    appendEntry(tx, { userId, amount, reason: 'swap_received' }),
  );
  await app.services.points.announce([{ userId, points }]);
  return points;
}

describe('/api/ws', () => {
  it('refuses a handshake without a session', async () => {
    await expect(connect({ origin: TEST_ORIGIN })).rejects.toThrow('401');
  });

  it('refuses a handshake from a foreign origin, even with a session', async () => {
    const member = await registerMember(app);
    await expect(connect({ origin: 'https://evil.example', cookie: member.cookie })).rejects.toThrow('403');
  });

  it("delivers a member's points change to their socket and to no one else's", async () => {
    const ann = await registerMember(app);
    const bob = await registerMember(app);
    const annTab = await connect({ origin: TEST_ORIGIN, cookie: ann.cookie });
    const bobTab = await connect({ origin: TEST_ORIGIN, cookie: bob.cookie });

    const points = await addPoints(ann.user.id, 25);

    expect(points).toBe(125);
    await expect.poll(() => annTab.events).toEqual([{ type: 'points.updated', data: { userId: ann.user.id, points: 125 } }]);
    const me = await send(app, 'GET', '/api/me', { cookie: ann.cookie });
    expect(me.json().user.points).toBe(125);
    expect(bobTab.events).toEqual([]);
    annTab.socket.close();
    bobTab.socket.close();
  });

  it('closes the socket of a session that signs out, and refuses its cookie afterwards', async () => {
    const member = await registerMember(app);
    const tab = await connect({ origin: TEST_ORIGIN, cookie: member.cookie });
    const closed = new Promise<number>((resolve) => tab.socket.once('close', resolve));

    await send(app, 'POST', '/api/auth/logout', { cookie: member.cookie });

    expect(await closed).toBe(WS_CLOSE.sessionEnded);
    expect(tab.events).toEqual([{ type: 'session.ended', data: {} }]);
    await expect(connect({ origin: TEST_ORIGIN, cookie: member.cookie })).rejects.toThrow('401');
  });

  it('drops a socket that sends a frame no WebSocket client may send, and logs it as the fault of the client', async () => {
    const member = await registerMember(app);
    const { socket } = await connect({ origin: TEST_ORIGIN, cookie: member.cookie });
    const closed = new Promise((resolve) => socket.once('close', resolve));

    // A masked frame with the reserved opcode 0x3 and no payload: ws refuses it with WS_ERR_INVALID_OPCODE.
    (socket as unknown as { _socket: NodeJS.WritableStream })._socket.write(Buffer.from([0x83, 0x80, 0, 0, 0, 0]));
    await closed;

    await expect.poll(() => log.entries().filter((entry) => entry.msg === 'bad WebSocket frame from a client')).toEqual([
      expect.objectContaining({ level: 40, code: 'WS_ERR_INVALID_OPCODE' }),
    ]);
    expect(log.failures()).toEqual([]);
    expect(log.lines.join('\n')).not.toContain('    at ');
  });
});
