import { PRESENCE_WATCH, WS_PATH, type ConversationSummary } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { JOBS_CHANNEL } from '../../../server/src/jobs/repository.ts';
import { createSignedInMembers } from '../data/members.ts';
import { openOwnDatabase } from '../data/own-database.ts';
import { inBatches, requestJson, sleep } from '../lib/http.ts';
import { bytes, formatNumber, passIf, type Result } from '../lib/report.ts';
import { startServer } from '../lib/server-process.ts';
import { MEMORY_PATH, type ServerMemory } from '../server/bench-routes.ts';

const DATABASE = 'swapyard_bench_fan_out';
/** The realtime bus's channel (server/src/realtime/postgres-event-bus.ts). */
const EVENTS_CHANNEL = 'swapyard_events';
const SOCKETS = 1000;
const MESSAGES = 50;
const QUIET_MS = 1000;
/** A tab hears its partner's presence as it is and their coming online: flat, whatever the number of tabs (issue 19). */
const MAX_FRAMES_PER_CONNECT = 5;
const SETTLE_TIMEOUT_MS = 60_000;

/** Every NOTIFY on the two channels, and every frame the tabs receive, counted from a mark. */
class Traffic {
  notifies = 0;
  notifyBytes = 0;
  jobNotifies = 0;
  frames = 0;
  frameBytes = 0;
  lastAt = performance.now();
  readonly byType = new Map<string, number>();
  readonly framesByType = new Map<string, number>();

  notified(channel: string, payload: string | undefined): void {
    this.lastAt = performance.now();
    if (channel === JOBS_CHANNEL) {
      this.jobNotifies += 1;
      return;
    }
    this.notifies += 1;
    this.notifyBytes += Buffer.byteLength(payload ?? '');
    const type = (JSON.parse(payload ?? '{}') as { event?: { type?: string } }).event?.type ?? 'unknown';
    this.byType.set(type, (this.byType.get(type) ?? 0) + 1);
  }

  received(raw: WebSocket.RawData): void {
    this.lastAt = performance.now();
    this.frames += 1;
    this.frameBytes += (raw as Buffer).length;
    const type = /^\{"type":"([^"]+)"/.exec(raw.toString())?.[1] ?? 'unknown';
    this.framesByType.set(type, (this.framesByType.get(type) ?? 0) + 1);
  }

  mark(): { notifies: number; notifyBytes: number; jobNotifies: number; frames: number; frameBytes: number } {
    const counts = { notifies: this.notifies, notifyBytes: this.notifyBytes, jobNotifies: this.jobNotifies, frames: this.frames, frameBytes: this.frameBytes };
    this.byType.clear();
    this.framesByType.clear();
    return counts;
  }

  since(mark: ReturnType<Traffic['mark']>) {
    return {
      notifies: this.notifies - mark.notifies,
      notifyBytes: this.notifyBytes - mark.notifyBytes,
      jobNotifies: this.jobNotifies - mark.jobNotifies,
      frames: this.frames - mark.frames,
      frameBytes: this.frameBytes - mark.frameBytes,
    };
  }

  /** Until nothing has come for QUIET_MS: the events of what was just done have all arrived. */
  async quiet(): Promise<void> {
    const deadline = performance.now() + SETTLE_TIMEOUT_MS;
    while (performance.now() - this.lastAt < QUIET_MS && performance.now() < deadline) await sleep(100);
  }
}

/**
 * The figures docs/scaling.md builds on, from one server process on PostgreSQL: its memory before
 * and after SOCKETS signed-in tabs connect (garbage collected first, through a bench-only route),
 * the NOTIFYs and socket frames that connecting causes, the NOTIFYs and frames per chat message
 * sent, and the connections the instance holds open on PostgreSQL once it has served all that.
 * The members are in pairs that share a conversation, and each tab shows the chat with its
 * partner (it watches the partner's presence, as the chat page does): the frames per connect are
 * the fan-out that must not grow with the number of tabs (docs/decisions/030).
 */
export async function measureFanOut(where: string, adminUrl: string, resultsDir: string): Promise<Result[]> {
  const own = await openOwnDatabase(DATABASE, adminUrl);
  const databaseUrl = own.database.url!;
  const members = await createSignedInMembers(own.database.db, SOCKETS, 'fan-out');
  await own.database.close();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-fan-out-'));
  const listener = new pg.Client({ connectionString: databaseUrl });
  const traffic = new Traffic();
  const tabs: WebSocket[] = [];
  const server = await startServer({
    dataDir,
    databaseUrl,
    logFile: path.join(resultsDir, 'server-fan-out.log'),
    env: { NODE_OPTIONS: '--expose-gc' },
  });
  try {
    await listener.connect();
    listener.on('notification', (message) => traffic.notified(message.channel, message.payload));
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    await listener.query(`LISTEN ${JOBS_CHANNEL}`);
    const memory = () => requestJson<ServerMemory>(server.baseUrl, 'GET', MEMORY_PATH);
    // The routes the tabs use are loaded and warm before the first reading. Member 2k's partner is 2k + 1.
    const conversations = await inBatches(
      Array.from({ length: SOCKETS / 2 }, (_, k) => k),
      10,
      async (k) =>
        (
          await requestJson<{ conversation: ConversationSummary }>(server.baseUrl, 'POST', '/api/conversations', {
            cookie: members[2 * k]!.cookie,
            body: { otherUserId: members[2 * k + 1]!.id },
          })
        ).conversation,
    );
    const conversation = conversations[0]!;
    const before = await memory();

    const connecting = traffic.mark();
    const connectStarted = performance.now();
    tabs.push(
      ...(await inBatches(members, 25, (member, i) => {
        const socket = new WebSocket(`${server.baseUrl.replace(/^http/, 'ws')}${WS_PATH}`, { headers: { origin: server.baseUrl, cookie: member.cookie } });
        socket.on('message', (raw) => traffic.received(raw));
        return new Promise<WebSocket>((resolve, reject) => {
          socket.once('open', () => {
            socket.send(JSON.stringify({ type: PRESENCE_WATCH, data: { userIds: [members[i ^ 1]!.id] } }));
            resolve(socket);
          });
          socket.once('error', reject);
        });
      })),
    );
    await traffic.quiet();
    // From the first connection to the last frame of the flood: what one instance sent, and how fast.
    const floodSeconds = (traffic.lastAt - connectStarted) / 1000;
    const connected = traffic.since(connecting);
    const connectTypes = Object.fromEntries(traffic.byType);
    const connectFrameTypes = Object.fromEntries(traffic.framesByType);
    const open = await memory();

    const sending = traffic.mark();
    for (let i = 0; i < MESSAGES; i += 1) {
      await requestJson(server.baseUrl, 'POST', `/api/conversations/${conversation.id}/messages`, {
        cookie: members[i % 2]!.cookie,
        body: { clientId: randomUUID(), text: `Still available? (${String(i + 1)})` },
      });
    }
    await traffic.quiet();
    const sent = traffic.since(sending);
    const messageTypes = Object.fromEntries(traffic.byType);
    const messageFrameTypes = Object.fromEntries(traffic.framesByType);
    const { rows } = await listener.query<{ connections: string }>(
      'select count(*) as connections from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const connections = Number(rows[0]!.connections);

    const perSocketRss = (open.rss - before.rss) / SOCKETS;
    const perSocketHeap = (open.heapUsed - before.heapUsed) / SOCKETS;
    const typesText = (types: Record<string, number>) =>
      Object.entries(types)
        .map(([type, count]) => `${type} ${formatNumber(count)}`)
        .join(', ');
    return [
      {
        where,
        measure: `memory per open socket (${formatNumber(SOCKETS)} signed-in tabs, one instance, after a garbage collection)`,
        measured: `${bytes(perSocketRss)} resident, ${bytes(perSocketHeap)} of JavaScript heap`,
        reference: `resident ${bytes(before.rss)} before, ${bytes(open.rss)} with the sockets; heap ${bytes(before.heapUsed)} and ${bytes(open.heapUsed)}`,
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { sockets: SOCKETS, rssBefore: before.rss, rssOpen: open.rss, heapBefore: before.heapUsed, heapOpen: open.heapUsed, perSocketRss, perSocketHeap },
      },
      {
        where,
        measure: `NOTIFYs and socket frames while ${formatNumber(SOCKETS)} tabs connect`,
        measured: `${formatNumber(connected.notifies)} NOTIFYs (${bytes(connected.notifyBytes)}: ${typesText(connectTypes)}); ${formatNumber(connected.frames)} frames to the tabs (${bytes(connected.frameBytes)})`,
        reference: `${formatNumber(connected.frames / SOCKETS, 1)} frames per tab, all sent in ${formatNumber(floodSeconds, 1)} s (${formatNumber(connected.frames / floodSeconds)} frames/s)`,
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { ...connected, sockets: SOCKETS, floodSeconds },
      },
      {
        where,
        measure: `NOTIFYs per chat message sent (${formatNumber(MESSAGES)} messages in one conversation, both members online)`,
        measured: `${formatNumber(sent.notifies / MESSAGES, 2)} on ${EVENTS_CHANNEL}, ${formatNumber(sent.notifyBytes / Math.max(sent.notifies, 1))} bytes each on average; ${formatNumber(sent.jobNotifies / MESSAGES, 2)} on ${JOBS_CHANNEL}`,
        reference: `${typesText(messageTypes)}; ${formatNumber(sent.frames / MESSAGES, 1)} frames to the tabs per message`,
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { ...sent, messages: MESSAGES },
      },
      {
        where,
        measure: `socket frames per tab connecting and per chat message (${formatNumber(SOCKETS)} tabs, each showing the chat with its partner)`,
        measured: `${formatNumber(connected.frames / SOCKETS, 2)} per connect, ${formatNumber(sent.frames / MESSAGES, 2)} per message`,
        reference: `while connecting: ${typesText(connectFrameTypes) || 'none'}; per ${formatNumber(MESSAGES)} messages: ${typesText(messageFrameTypes) || 'none'}`,
        ratio: '-',
        budget: `< ${MAX_FRAMES_PER_CONNECT} per connect, whatever the number of tabs`,
        verdict: passIf(connected.frames / SOCKETS < MAX_FRAMES_PER_CONNECT),
        figures: { sockets: SOCKETS, framesPerConnect: connected.frames / SOCKETS, framesPerMessage: sent.frames / MESSAGES },
      },
      {
        where,
        measure: 'connections one instance holds on PostgreSQL after the sockets and the messages',
        measured: formatNumber(connections),
        reference: 'pool of at most 10 (db/database.ts), 2 to publish events and 1 to LISTEN (realtime), 1 to LISTEN for jobs (jobs/queue.ts)',
        ratio: '-',
        budget: 'reported',
        verdict: 'INFO',
        figures: { connections },
      },
    ];
  } finally {
    await Promise.all(
      tabs.map(
        (socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.once('close', () => resolve());
            socket.close();
          }),
      ),
    );
    await listener.end().catch(() => undefined);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await own.remove();
  }
}
