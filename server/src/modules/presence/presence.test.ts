import { PRESENCE_WATCH, PRESENCE_WATCH_MAX, type ConversationSummary } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { rooms } from '../../realtime/event-bus.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import type { LogCapture } from '../../test/log-capture.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { openSocket, presenceHeard, watchPresence } from '../../test/sockets.ts';

let app: FastifyInstance;
let log: LogCapture;
let ann: Member;
let ben: Member;
let dan: Member;

beforeEach(async () => {
  ({ app, log } = await buildTestApp({ logLevel: 'info' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  ann = await registerMember(app, { displayName: 'Ann' });
  ben = await registerMember(app, { displayName: 'Ben' });
  dan = await registerMember(app, { displayName: 'Dan' });
  await converse(ben, ann);
  await converse(ben, dan);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await app.close();
});

/** Opens a conversation between the two: from then on each may watch the other's presence. */
async function converse(from: Member, to: Member): Promise<ConversationSummary> {
  const response = await send(app, 'POST', '/api/conversations', { cookie: from.cookie, body: { otherUserId: to.user.id } });
  expect(response.statusCode).toBe(200);
  return response.json().conversation;
}

const conversationWithAnn = () => converse(ben, ann);

const FLOODING = 'too many messages from a client: those beyond the limit are ignored';

const tabOf = (member: Member) => openSocket(app, { cookie: member.cookie });
const offlineNeverSeen = (member: Member) => ({ userId: member.user.id, online: false, lastSeenAt: null });
const online = (member: Member) => ({ userId: member.user.id, online: true, lastSeenAt: null });
const offlineNow = (member: Member) => ({ userId: member.user.id, online: false, lastSeenAt: expect.any(String) });

describe('presence', () => {
  it("tells a partner's chat when the member comes and goes, and no tab that does not show them", async () => {
    const cleo = await registerMember(app, { displayName: 'Cleo' });
    const eve = await registerMember(app, { displayName: 'Eve' });
    await converse(cleo, dan);
    await converse(cleo, eve);
    const benTab = await tabOf(ben);
    const idleBenTab = await tabOf(ben);
    const cleoTab = await tabOf(cleo);
    watchPresence(benTab, [ann.user.id]);
    // Cleo shares no conversation with Ann: only Dan, her partner, is watched.
    watchPresence(cleoTab, [ann.user.id, dan.user.id]);
    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann)]);
    await expect.poll(() => presenceHeard(cleoTab)).toEqual([offlineNeverSeen(dan)]);

    const annTab = await tabOf(ann);
    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann), online(ann)]);
    annTab.socket.close();
    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann), online(ann), offlineNow(ann)]);

    // Each answer comes after whatever the same socket was sent before it.
    watchPresence(cleoTab, [dan.user.id, eve.user.id]);
    watchPresence(idleBenTab, [dan.user.id]);
    await expect.poll(() => presenceHeard(cleoTab)).toEqual([offlineNeverSeen(dan), offlineNeverSeen(eve)]);
    await expect.poll(() => presenceHeard(idleBenTab)).toEqual([offlineNeverSeen(dan)]);
    for (const tab of [benTab, idleBenTab, cleoTab]) tab.socket.close();
  });

  it('stops telling a tab about a member once its watch leaves them out', async () => {
    const benTab = await tabOf(ben);
    const otherBenTab = await tabOf(ben);
    watchPresence(benTab, [ann.user.id]);
    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann)]);
    watchPresence(benTab, [dan.user.id]);
    watchPresence(otherBenTab, [ann.user.id]);
    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann), offlineNeverSeen(dan)]);
    await expect.poll(() => presenceHeard(otherBenTab)).toEqual([offlineNeverSeen(ann)]);

    const annTab = await tabOf(ann);
    await expect.poll(() => presenceHeard(otherBenTab)).toEqual([offlineNeverSeen(ann), online(ann)]);
    const danTab = await tabOf(dan);

    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann), offlineNeverSeen(dan), online(dan)]);
    for (const tab of [benTab, otherBenTab, annTab, danTab]) tab.socket.close();
  });

  it('answers a watch with the presence as it is now, so a change made before it is not missed', async () => {
    const annTab = await tabOf(ann);
    const annShown = async () => (await send(app, 'GET', '/api/conversations', { cookie: ben.cookie })).json().conversations;
    await send(app, 'POST', `/api/conversations/${(await conversationWithAnn()).id}/messages`, {
      cookie: ben.cookie,
      body: { clientId: randomUUID(), text: 'Hello Ann' },
    });
    await expect.poll(async () => (await annShown())[0]?.otherPresence.online).toBe(true);
    const benTab = await tabOf(ben);

    watchPresence(benTab, [ann.user.id]);

    await expect.poll(() => presenceHeard(benTab)).toEqual([online(ann)]);
    annTab.socket.close();
    benTab.socket.close();
  });

  it('warns once about the messages no tab should send, without a stack and with the reason cut short, and the socket goes on working', async () => {
    const benTab = await tabOf(ben);
    const bad = [
      JSON.stringify({ type: PRESENCE_WATCH, data: { userIds: Array.from({ length: PRESENCE_WATCH_MAX }, () => 'not-a-member') } }),
      'not json',
      JSON.stringify({ type: 'presence.unwatch', data: {} }),
      JSON.stringify({ type: PRESENCE_WATCH, data: { userIds: Array.from({ length: PRESENCE_WATCH_MAX + 1 }, () => randomUUID()) } }),
    ];
    for (const message of bad) benTab.socket.send(message);
    benTab.socket.send(Buffer.from([1, 2, 3]), { binary: true });

    watchPresence(benTab, [ann.user.id]);

    await expect.poll(() => presenceHeard(benTab)).toEqual([offlineNeverSeen(ann)]);
    const warnings = log.entries().filter((entry) => entry.msg === 'bad message from a client');
    expect(warnings).toEqual([expect.objectContaining({ level: 40, reason: expect.stringMatching(/^data\.userIds\.0: Invalid UUID; /) })]);
    expect(String(warnings[0]?.reason).length).toBeLessThanOrEqual(200);
    expect(log.failures()).toEqual([]);
    expect(log.lines.join('\n')).not.toContain('    at ');
    benTab.socket.close();
  });

  it('ignores a tab that floods its socket, with one warning, and hears it again once it slows down', async () => {
    const benTab = await tabOf(ben);
    for (let i = 0; i < 50; i += 1) benTab.socket.send('not json');

    await expect.poll(() => log.entries().filter((entry) => entry.msg === FLOODING)).toEqual([
      expect.objectContaining({ level: 40 }),
    ]);
    expect(log.entries().filter((entry) => entry.msg === 'bad message from a client')).toHaveLength(1);
    // The same watch asked again is no new work, so asking until it is answered asks once.
    await expect
      .poll(
        () => {
          watchPresence(benTab, [ann.user.id]);
          return presenceHeard(benTab);
        },
        { timeout: 10_000 },
      )
      .toEqual([offlineNeverSeen(ann)]);
    expect(log.entries().filter((entry) => entry.msg === FLOODING)).toHaveLength(1);
    benTab.socket.close();
  });

  it('does no work for a watch that asks for the set the socket already asked for', async () => {
    const benTab = await tabOf(ben);
    const watches = vi.spyOn(app.services.presence, 'watch');
    watchPresence(benTab, [ann.user.id, dan.user.id]);
    await expect.poll(() => presenceHeard(benTab)).toHaveLength(2);

    watchPresence(benTab, [dan.user.id, ann.user.id]);
    watchPresence(benTab, [dan.user.id]);

    await expect.poll(() => watches.mock.calls.map(([, , memberIds]) => memberIds)).toEqual([[ann.user.id, dan.user.id], [dan.user.id]]);
    await expect.poll(() => app.services.hub.count(rooms.presence(ann.user.id))).toBe(0);
    expect(watches).toHaveBeenCalledTimes(2);
    benTab.socket.close();
  });

  it('sends no older answer after a change that reached the tab while the answer was read', async () => {
    const benTab = await tabOf(ben);
    const { hub, presence } = app.services;
    const join = hub.join.bind(hub);
    // Ann comes online between the watch joining her room and its read of her presence, as a
    // change published from another instance can: the bus hands it to every listener at once.
    vi.spyOn(hub, 'join').mockImplementation((socket, roomNames) => {
      join(socket, roomNames);
      if (!roomNames.includes(rooms.presence(ann.user.id))) return;
      const envelope = { rooms: [rooms.presence(ann.user.id)], event: { type: 'presence.updated' as const, data: online(ann) } };
      hub.deliver(envelope);
      presence.deliver(envelope);
    });

    watchPresence(benTab, [ann.user.id]);
    // Its answer comes after whatever the first watch sent.
    watchPresence(benTab, [ann.user.id, dan.user.id]);

    await expect.poll(() => presenceHeard(benTab).at(-1)).toEqual(offlineNeverSeen(dan));
    expect(presenceHeard(benTab)).toEqual([online(ann), offlineNeverSeen(dan)]);
    benTab.socket.close();
  });

  it('reads nothing for a socket that closed before its watch ran', async () => {
    const partnersAmong = vi.spyOn(app.services.conversations, 'partnersAmong');
    const closed = { readyState: WebSocket.CLOSED, OPEN: WebSocket.OPEN } as unknown as WebSocket;

    await app.services.presence.watch(closed, ben.user.id, [ann.user.id]);

    expect(partnersAmong).not.toHaveBeenCalled();
  });

  it("empties a member's presence room when the tab watching them watches another or closes", async () => {
    const benTab = await tabOf(ben);
    const watchers = (member: Member) => app.services.hub.count(rooms.presence(member.user.id));
    watchPresence(benTab, [ann.user.id]);
    await expect.poll(() => watchers(ann)).toBe(1);

    watchPresence(benTab, [dan.user.id]);
    await expect.poll(() => [watchers(ann), watchers(dan)]).toEqual([0, 1]);

    benTab.socket.close();
    await expect.poll(() => watchers(dan)).toBe(0);
  });
});
