import { PRESENCE_WATCH, WS_PATH, type ChatMessage, type ConversationSummary } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import type { SignedInMember } from '../data/members.ts';
import { inBatches, requestJson, sleep } from '../lib/http.ts';
import { formatNumber, ms, passIf, ratio, type Result } from '../lib/report.ts';
import type { ServerProcess } from '../lib/server-process.ts';
import { distribution } from '../lib/stats.ts';

export interface ChatStream {
  perSecond: number;
  seconds: number;
}
/** 20 a second among 500 pairs: each pair trades a message every 25 s, a busy evening's chat. */
export const EVENING: ChatStream = { perSecond: 20, seconds: 30 };
/** How long the evening's stream lasts, for a measure that spreads its own load over it. */
export const CHAT_STREAM_MS = EVENING.seconds * 1000;
const QUIET_MS = 1000;
const SETTLE_TIMEOUT_MS = 60_000;
const STRAGGLER_TIMEOUT_MS = 5000;
/**
 * A tab hears its partner's presence as it is, and their coming online: a handful of frames,
 * where presence sent to every tab made it one per tab already open (500 on average at 1,000).
 */
const MAX_FRAMES_PER_CONNECT = 5;

interface Tab {
  member: SignedInMember;
  socket: WebSocket;
}

interface Sent {
  messageId: string;
  receiverId: string;
  sentAt: number;
  answeredAt: number;
}

/** What the receivers' tabs saw: when each copy of each message's event arrived. */
class Arrivals {
  private readonly copies = new Map<string, number[]>();
  frames = 0;
  presenceFrames = 0;
  lastFrameAt = performance.now();

  record(tab: Tab, raw: WebSocket.RawData): void {
    const now = performance.now();
    this.frames += 1;
    this.lastFrameAt = now;
    const text = raw.toString();
    if (text.includes('"presence.updated"')) this.presenceFrames += 1;
    // Presence and notification events outnumber messages; only these are parsed.
    if (!text.includes('"messages.created"')) return;
    const event = JSON.parse(text) as { data: { messageId: string; senderId: string } };
    if (event.data.senderId === tab.member.id) return;
    const key = `${tab.member.id}:${event.data.messageId}`;
    this.copies.set(key, [...(this.copies.get(key) ?? []), now]);
  }

  /** When the receiver's tabs got the message's event, first copy first; empty if never. */
  of(sent: Sent): number[] {
    return this.copies.get(`${sent.receiverId}:${sent.messageId}`) ?? [];
  }

  /** Waits until no frame has come for QUIET_MS: the flood of presence events after connecting is over. */
  async quiet(): Promise<void> {
    const deadline = performance.now() + SETTLE_TIMEOUT_MS;
    while (performance.now() - this.lastFrameAt < QUIET_MS && performance.now() < deadline) await sleep(100);
  }
}

/** A tab showing the chat with its partner: it watches the partner's presence, as the chat page does. */
function openTab(server: ServerProcess, member: SignedInMember, partner: SignedInMember, arrivals: Arrivals): Promise<Tab> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.baseUrl.replace(/^http/, 'ws')}${WS_PATH}`, {
      headers: { origin: server.baseUrl, cookie: member.cookie },
    });
    const tab = { member, socket };
    socket.on('message', (raw) => arrivals.record(tab, raw));
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: PRESENCE_WATCH, data: { userIds: [partner.id] } }));
      resolve(tab);
    });
    socket.once('unexpected-response', (_request, response) => reject(new Error(`socket refused: ${response.statusCode}`)));
    // Kept after opening: a socket that fails later shows up as lost messages, not as a crash.
    socket.on('error', reject);
  });
}

function closeTab(tab: Tab): Promise<void> {
  return new Promise((resolve) => {
    if (tab.socket.readyState === WebSocket.CLOSED) return resolve();
    tab.socket.once('close', () => resolve());
    tab.socket.close();
  });
}

/**
 * One signed-in tab per member, in pairs that share a conversation; a steady stream of messages
 * between the pairs, each sent through the HTTP API of the sender's instance. Latency runs from
 * sending the request to the receiver's tab holding the messages.created event. With two servers,
 * every pair has one member on each, so every message crosses instances through PostgreSQL. A second
 * row counts the frames the tabs received per tab connecting and per message: the fan-out, which
 * must not grow with the number of tabs (issue 19; docs/decisions/030).
 */
export async function measureChat(
  where: string,
  servers: ServerProcess[],
  members: SignedInMember[],
  budgetP99Ms: number,
  /** Another load to run while the messages stream (the proposal mails): started with the first message, awaited before the stragglers are counted. */
  alongside?: () => Promise<void>,
  stream: ChatStream = EVENING,
): Promise<[Result, Result]> {
  const messages = stream.perSecond * stream.seconds;
  const serverOf = (index: number) => servers[index % servers.length]!;
  const pairs = await inBatches(
    Array.from({ length: members.length / 2 }, (_, k) => k),
    10,
    async (k) => {
      const { conversation } = await requestJson<{ conversation: ConversationSummary }>(serverOf(2 * k).baseUrl, 'POST', '/api/conversations', {
        cookie: members[2 * k]!.cookie,
        body: { otherUserId: members[2 * k + 1]!.id },
      });
      return { conversationId: conversation.id, ends: [2 * k, 2 * k + 1] as const };
    },
  );

  const arrivals = new Arrivals();
  // Member 2k's partner is 2k + 1, and the other way round.
  const tabs = await inBatches(members, 25, (member, i) => openTab(serverOf(i), member, members[i ^ 1]!, arrivals));
  await arrivals.quiet();
  const framesBefore = arrivals.frames;
  const presenceFramesBefore = arrivals.presenceFrames;

  const sent: Sent[] = [];
  let failed = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = alongside ? [alongside()] : [];
  for (let i = 0; i < messages; i++) {
    const due = started + (i * 1000) / stream.perSecond;
    if (due > performance.now()) await sleep(due - performance.now());
    const pair = pairs[i % pairs.length]!;
    const forward = Math.floor(i / pairs.length) % 2 === 0;
    const [from, to] = forward ? pair.ends : [pair.ends[1], pair.ends[0]];
    const sender = members[from]!;
    const sentAt = performance.now();
    inFlight.push(
      requestJson<{ message: ChatMessage }>(serverOf(from).baseUrl, 'POST', `/api/conversations/${pair.conversationId}/messages`, {
        cookie: sender.cookie,
        body: { clientId: randomUUID(), text: `Still available? (${i + 1})` },
      }).then(
        ({ message }) => {
          sent.push({ messageId: message.id, receiverId: members[to]!.id, sentAt, answeredAt: performance.now() });
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const streamSeconds = (performance.now() - started) / 1000;
  const deadline = performance.now() + STRAGGLER_TIMEOUT_MS;
  while (sent.some((s) => arrivals.of(s).length === 0) && performance.now() < deadline) await sleep(50);
  await Promise.all(tabs.map(closeTab));

  const delivered = sent.filter((s) => arrivals.of(s).length > 0);
  const latency = distribution(delivered.map((s) => arrivals.of(s)[0]! - s.sentAt));
  const answered = distribution(sent.map((s) => s.answeredAt - s.sentAt));
  const lost = sent.length - delivered.length;
  const duplicated = delivered.reduce((sum, s) => sum + arrivals.of(s).length - 1, 0);
  const latencyRow: Result = {
    where,
    measure: `chat: ${formatNumber(sent.length)} messages at ${stream.perSecond}/s, ${formatNumber(members.length)} sockets${servers.length > 1 ? ', every one across instances' : ''}`,
    measured: `event p50 ${ms(latency.p50)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)}; ${lost} lost, ${duplicated} duplicated, ${failed} sends failed`,
    reference: `send answered p50 ${ms(answered.p50)}, p99 ${ms(answered.p99)}`,
    ratio: `p99 ${ratio(latency.p99 / answered.p99)}`,
    budget: `p99 < ${budgetP99Ms} ms, 0 lost, 0 duplicated`,
    verdict: passIf(latency.p99 < budgetP99Ms && lost === 0 && duplicated === 0 && failed === 0 && sent.length === messages),
    figures: {
      sockets: members.length,
      messages: sent.length,
      streamSeconds,
      p50Ms: latency.p50,
      p99Ms: latency.p99,
      maxMs: latency.max,
      answeredP50Ms: answered.p50,
      answeredP99Ms: answered.p99,
      lost,
      duplicated,
      failed,
      framesWhileConnecting: framesBefore,
      framesInStream: arrivals.frames - framesBefore,
    },
  };
  const perConnect = framesBefore / members.length;
  const perMessage = (arrivals.frames - framesBefore) / Math.max(sent.length, 1);
  const fanOutRow: Result = {
    where,
    measure: `socket frames per tab connecting and per message (${formatNumber(members.length)} tabs, each showing the chat with its partner${servers.length > 1 ? ', across instances' : ''})`,
    measured: `${formatNumber(perConnect, 2)} per connect (${formatNumber(presenceFramesBefore / members.length, 2)} of them presence), ${formatNumber(perMessage, 2)} per message`,
    reference: `${formatNumber(framesBefore)} frames while the tabs connected, ${formatNumber(arrivals.frames - framesBefore)} during ${formatNumber(sent.length)} messages (${formatNumber(arrivals.presenceFrames - presenceFramesBefore)} presence)`,
    ratio: '-',
    budget: `< ${MAX_FRAMES_PER_CONNECT} per connect, whatever the number of tabs`,
    verdict: passIf(perConnect < MAX_FRAMES_PER_CONNECT),
    figures: { sockets: members.length, framesPerConnect: perConnect, presenceFramesPerConnect: presenceFramesBefore / members.length, framesPerMessage: perMessage },
  };
  return [latencyRow, fanOutRow];
}
