import { WS_CLOSE, type DeviceSession } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerMember, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { openSocket } from '../../test/sockets.ts';
import { useTwoInstances } from '../../test/two-instances.ts';

const instances = useTwoInstances();
let instanceA: FastifyInstance;
let instanceB: FastifyInstance;
beforeAll(() => {
  ({ a: instanceA, b: instanceB } = instances());
});

describe('two instances on one PostgreSQL', () => {
  it("delivers a message sent through instance B to a member's socket on instance A within a second", async () => {
    const ann: Member = await registerMember(instanceA, { displayName: 'Ann' });
    const ben: Member = await registerMember(instanceB, { displayName: 'Ben' });
    const annTab = await openSocket(instanceA, { cookie: ann.cookie });
    const { conversation } = (
      await send(instanceB, 'POST', '/api/conversations', { cookie: ben.cookie, body: { otherUserId: ann.user.id } })
    ).json();

    const sentAt = Date.now();
    const sent = await send(instanceB, 'POST', `/api/conversations/${conversation.id}/messages`, {
      cookie: ben.cookie,
      body: { clientId: randomUUID(), text: 'across instances' },
    });

    await expect
      .poll(() => annTab.events.find((e) => e.type === 'messages.created'), { timeout: 1_000, interval: 10 })
      .toEqual({ type: 'messages.created', data: { conversationId: conversation.id, messageId: sent.json().message.id, senderId: ben.user.id } });
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    annTab.socket.close();
  });

  it('a member who signs out through instance A is signed out on instance B within a second', async () => {
    const ann: Member = await registerMember(instanceA, { displayName: 'Ann' });
    expect((await send(instanceB, 'GET', '/api/me', { cookie: ann.cookie })).statusCode).toBe(200);

    const signedOutAt = Date.now();
    expect((await send(instanceA, 'POST', '/api/auth/logout', { cookie: ann.cookie })).statusCode).toBe(204);

    await expect
      .poll(async () => (await send(instanceB, 'GET', '/api/me', { cookie: ann.cookie })).statusCode, { timeout: 1_000, interval: 10 })
      .toBe(401);
    expect(Date.now() - signedOutAt).toBeLessThan(1_000);
  });

  it("signing out another browser through instance A closes that browser's socket on instance B at once", async () => {
    const ann: Member = await registerMember(instanceA, { displayName: 'Ann' });
    const login = await send(instanceB, 'POST', '/api/auth/login', { body: { email: ann.user.email, password: ann.password } });
    const otherBrowser = sessionCookieOf(login);
    const otherTab = await openSocket(instanceB, { cookie: otherBrowser });
    const closed = new Promise<number>((resolve) => otherTab.socket.once('close', resolve));
    const devices: DeviceSession[] = (await send(instanceA, 'GET', '/api/me/sessions', { cookie: ann.cookie })).json().sessions;

    const endedAt = Date.now();
    const ended = await send(instanceA, 'DELETE', `/api/me/sessions/${devices.find((device) => !device.current)!.id}`, { cookie: ann.cookie });

    expect(ended.statusCode).toBe(204);
    expect(await closed).toBe(WS_CLOSE.sessionEnded);
    expect(Date.now() - endedAt).toBeLessThan(1_000);
    expect((await send(instanceB, 'GET', '/api/me', { cookie: otherBrowser })).statusCode).toBe(401);
    expect((await send(instanceB, 'GET', '/api/me', { cookie: ann.cookie })).statusCode).toBe(200);
  });
});
