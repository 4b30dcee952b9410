import { PRESENCE_WATCH_MAX, WS_CLOSE, type ServerEvent } from '@swapyard/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseServerEvent } from './parse-server-event.ts';
import { watchPresence as watchPresenceForPage } from './presence-watch.ts';
import { connectSocket, type SocketHandlers } from './socket-client.ts';

/** Stands in for the browser's WebSocket: the test opens, closes and speaks for the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedByClient: number | undefined;
  readonly sent: unknown[] = [];

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  close(code: number) {
    this.closedByClient = code;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  serverOpens() {
    this.onopen?.();
  }

  serverSends(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }

  serverCloses(code = 1006) {
    this.onclose?.({ code });
  }
}

/**
 * Stands in for the browser's worker running event-parser.worker.ts: each message is answered in a
 * task of its own, in order, by the same parser. The test can make its script fail to load.
 */
class FakeParserWorker {
  static all: FakeParserWorker[] = [];
  onmessage: ((message: { data: ServerEvent | null }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  terminated = false;

  constructor(readonly url: URL) {
    FakeParserWorker.all.push(this);
  }

  postMessage(data: unknown) {
    setTimeout(() => {
      if (!this.terminated) this.onmessage?.({ data: parseServerEvent(data) ?? null });
    }, 0);
  }

  terminate() {
    this.terminated = true;
  }

  failsToLoad() {
    this.terminated = true;
    this.onerror?.({ preventDefault() {} });
  }
}

const sockets = () => FakeSocket.all;
const latest = () => FakeSocket.all.at(-1)!;

function handlers() {
  return { onEvent: vi.fn(), onReconnect: vi.fn(), onSessionEnded: vi.fn() } satisfies SocketHandlers;
}

/** Lets the parser's answers and the timers run. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

/** A socket open on the server's side whose events wait until the test calls `read`, as a page still loading holds them. */
async function openedHoldingEvents() {
  const on = handlers();
  let allow = () => {};
  const stop = connectSocket(on, new Promise<void>((resolve) => (allow = resolve)));
  await advance(0);
  latest().serverOpens();
  return {
    on,
    stop,
    read: async () => {
      allow();
      await advance(0);
    },
  };
}

const MEMBER = '00000000-0000-4000-8000-000000000001';
const ITEM = '00000000-0000-4000-8000-000000000002';

beforeEach(() => {
  FakeSocket.all = [];
  FakeParserWorker.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('Worker', FakeParserWorker);
  // The top of each jittered delay, so the backoff is exact.
  vi.spyOn(Math, 'random').mockReturnValue(0.999999);
});

/** Every watch a test makes, let go after it: the watched set is the module's, shared by every test. */
const releases: (() => void)[] = [];
function watchPresence(userIds: readonly string[]): () => void {
  const release = watchPresenceForPage(userIds);
  releases.push(release);
  return release;
}

afterEach(() => {
  for (const release of releases.splice(0)) release();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the socket client', () => {
  it("connects to the page's own host and hands on the server's events", async () => {
    const on = handlers();
    const stop = connectSocket(on);
    await advance(0);
    expect(latest().url).toBe(`ws://${window.location.host}/api/ws`);
    latest().serverOpens();
    latest().serverSends({ type: 'items.created', data: { itemId: ITEM, ownerId: MEMBER } });
    latest().serverSends({ type: 'no.such.event', data: {} });
    latest().onmessage?.({ data: 'not json' });
    await advance(0);
    expect(on.onEvent.mock.calls).toEqual([[{ type: 'items.created', data: { itemId: ITEM, ownerId: MEMBER } }]]);
    expect(on.onReconnect).not.toHaveBeenCalled();
    stop();
    expect(latest().closedByClient).toBe(1000);
  });

  it('reconnects after a lost connection with a doubling, capped delay, and says so once it is back', async () => {
    const on = handlers();
    const stop = connectSocket(on);
    await advance(0);
    latest().serverOpens();

    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const before = sockets().length;
      latest().serverCloses();
      let waited = 0;
      while (sockets().length === before) {
        await advance(250);
        waited += 250;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect(on.onReconnect).not.toHaveBeenCalled();

    latest().serverOpens();
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    // Once open again, the next loss starts from the shortest delay.
    latest().serverCloses();
    const before = sockets().length;
    await advance(500);
    expect(sockets().length).toBe(before + 1);
    stop();
  });

  it('says events may have been missed when its first socket is lost before it opens and a later one opens', async () => {
    const on = handlers();
    const stop = connectSocket(on);
    await advance(0);
    // The server may have taken the first socket (and its events) before the connection was lost.
    latest().serverCloses();
    await advance(500);
    expect(sockets()).toHaveLength(2);
    latest().serverOpens();
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('tries again at once when the browser comes back online', async () => {
    const stop = connectSocket(handlers());
    await advance(0);
    latest().serverOpens();
    for (let lost = 0; lost < 5; lost += 1) {
      latest().serverCloses();
      await advance(30_000);
    }
    const before = sockets().length;
    latest().serverCloses();
    window.dispatchEvent(new Event('online'));
    await advance(0);
    expect(sockets().length).toBe(before + 1);
    stop();
  });

  it('comes back at once when the server asks for a resync, not after the backoff', async () => {
    // The bottom of each jittered delay: a lost connection still waits 250 ms, a resync nothing.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const stop = connectSocket(handlers());
    await advance(0);
    latest().serverOpens();
    latest().serverCloses();
    await advance(249);
    expect(sockets()).toHaveLength(1);
    await advance(1);
    expect(sockets()).toHaveLength(2);

    latest().serverOpens();
    latest().serverCloses(WS_CLOSE.resync);
    await advance(0);
    expect(sockets()).toHaveLength(3);
    stop();
  });

  it('ends the session once, and stays closed, when the server signs the tab out', async () => {
    const on = handlers();
    connectSocket(on);
    await advance(0);
    latest().serverOpens();
    latest().serverSends({ type: 'session.ended', data: {} });
    latest().serverCloses(WS_CLOSE.sessionEnded);
    await advance(60_000);
    expect(on.onSessionEnded).toHaveBeenCalledTimes(1);
    expect(on.onEvent).not.toHaveBeenCalled();
    expect(sockets()).toHaveLength(1);
  });

  it('opens at once but reads events only when asked, then every one that came meanwhile, in order', async () => {
    const { on, stop, read } = await openedHoldingEvents();
    latest().serverSends({ type: 'items.created', data: { itemId: ITEM, ownerId: MEMBER } });
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 40 } });
    await advance(5000);
    expect(on.onEvent).not.toHaveBeenCalled();

    await read();
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 45 } });
    await advance(0);
    expect(on.onEvent.mock.calls.map(([event]) => event)).toEqual([
      { type: 'items.created', data: { itemId: ITEM, ownerId: MEMBER } },
      { type: 'points.updated', data: { userId: MEMBER, points: 40 } },
      { type: 'points.updated', data: { userId: MEMBER, points: 45 } },
    ]);
    stop();
  });

  it('drops the events still unread when it reconnects: the refetch that follows reads what they changed', async () => {
    const { on, stop, read } = await openedHoldingEvents();
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 40 } });
    latest().serverCloses();
    await advance(500);
    latest().serverOpens();
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 45 } });

    await read();
    expect(on.onEvent.mock.calls.map(([event]) => event)).toEqual([{ type: 'points.updated', data: { userId: MEMBER, points: 45 } }]);
    stop();
  });

  it('keeps no more than 500 unread events: past that it drops them and refetches what is shown once it can read', async () => {
    const { on, stop, read } = await openedHoldingEvents();
    for (let points = 0; points <= 500; points += 1) latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points } });

    await read();
    expect(on.onEvent).not.toHaveBeenCalled();
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 7 } });
    await advance(0);
    expect(on.onEvent.mock.calls.map(([event]) => event)).toEqual([{ type: 'points.updated', data: { userId: MEMBER, points: 7 } }]);
    stop();
  });

  it('starts its parser in a worker, from the worker script, only once asked to read', async () => {
    const { stop, read } = await openedHoldingEvents();
    expect(FakeParserWorker.all).toHaveLength(0);
    await read();
    expect(FakeParserWorker.all.map((worker) => worker.url.pathname.split('/').at(-1))).toEqual(['event-parser.worker.ts']);
    stop();
    expect(FakeParserWorker.all[0]!.terminated).toBe(true);
  });

  it('drops what the parser still held when the socket came back: the refetch that follows reads what it changed', async () => {
    const { on, stop, read } = await openedHoldingEvents();
    await read();
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 40 } });
    latest().serverCloses();
    // Back online at once, so the socket is open again before the parser has answered.
    window.dispatchEvent(new Event('online'));
    latest().serverOpens();
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 45 } });
    await advance(0);
    expect(on.onEvent.mock.calls.map(([event]) => event)).toEqual([{ type: 'points.updated', data: { userId: MEMBER, points: 45 } }]);
    stop();
  });

  it("refetches what is shown when the parser's script fails to load with events in it, and starts it again later", async () => {
    const { on, stop, read } = await openedHoldingEvents();
    await read();
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 40 } });
    FakeParserWorker.all[0]!.failsToLoad();
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 45 } });
    await advance(0);
    expect(on.onEvent).not.toHaveBeenCalled();

    await advance(500);
    expect(FakeParserWorker.all).toHaveLength(2);
    await advance(0);
    expect(on.onEvent.mock.calls.map(([event]) => event)).toEqual([{ type: 'points.updated', data: { userId: MEMBER, points: 45 } }]);
    expect(on.onReconnect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts the parser again later when the browser refuses a worker, and reads what waited meanwhile', async () => {
    const { on, stop, read } = await openedHoldingEvents();
    latest().serverSends({ type: 'points.updated', data: { userId: MEMBER, points: 40 } });
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new TypeError('Module scripts are not supported by WorkerGlobalScope');
        }
      },
    );
    await read();
    expect(on.onEvent).not.toHaveBeenCalled();

    vi.stubGlobal('Worker', FakeParserWorker);
    await advance(500);
    await advance(0);
    expect(on.onEvent.mock.calls.map(([event]) => event)).toEqual([{ type: 'points.updated', data: { userId: MEMBER, points: 40 } }]);
    expect(on.onReconnect).not.toHaveBeenCalled();
    stop();
  });

  it('makes no new connection once stopped', async () => {
    const stop = connectSocket(handlers());
    await advance(0);
    latest().serverOpens();
    stop();
    latest().serverCloses(1000);
    window.dispatchEvent(new Event('online'));
    await advance(60_000);
    expect(sockets()).toHaveLength(1);
  });
});

describe("the tab's presence watch", () => {
  const ANN = '00000000-0000-4000-8000-0000000000a1';
  const BEN = '00000000-0000-4000-8000-0000000000b2';
  const openTab = async () => {
    const stop = connectSocket(handlers());
    await advance(0);
    latest().serverOpens();
    return stop;
  };
  const watches = (socket: FakeSocket) =>
    socket.sent.map((message) => (message as { type: string; data: { userIds: string[] } }).data.userIds);

  it('tells the server whose presence the tab shows when it opens, on every change, and again after a reconnect', async () => {
    const releaseAnn = watchPresence([ANN]);
    const stop = await openTab();
    expect(latest().sent).toEqual([{ type: 'presence.watch', data: { userIds: [ANN] } }]);

    const releaseBen = watchPresence([BEN]);
    await advance(0);
    releaseAnn();
    await advance(0);
    expect(watches(latest())).toEqual([[ANN], [ANN, BEN], [BEN]]);

    latest().serverCloses();
    await advance(500);
    latest().serverOpens();
    expect(watches(latest())).toEqual([[BEN]]);
    releaseBen();
    await advance(0);
    expect(watches(latest())).toEqual([[BEN], []]);
    stop();
  });

  it('says nothing while nothing is shown, and one change for a page that replaces another', async () => {
    const stop = await openTab();
    const releaseFirst = watchPresence([ANN]);
    releaseFirst();
    const releaseChat = watchPresence([BEN]);
    await advance(0);
    expect(watches(latest())).toEqual([[BEN]]);
    releaseChat();
    stop();
  });

  it('counts a member two pages show once, and keeps watching until the last of them lets go', async () => {
    const stop = await openTab();
    const releaseChat = watchPresence([ANN]);
    const releaseList = watchPresence([ANN, BEN]);
    await advance(0);
    releaseList();
    await advance(0);
    releaseChat();
    await advance(0);
    expect(watches(latest())).toEqual([[ANN, BEN], [ANN], []]);
    stop();
  });

  it('asks for no more members than the server takes, keeping those watched most recently', async () => {
    const many = Array.from({ length: PRESENCE_WATCH_MAX + 5 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    watchPresence(many);
    const stop = await openTab();
    expect(watches(latest())).toEqual([many.slice(-PRESENCE_WATCH_MAX)]);

    // A chat opened now with the first of them shows them: they are kept, the oldest other left out.
    watchPresence([many[0]!]);
    await advance(0);
    expect(watches(latest()).at(-1)).toEqual([...many.slice(-PRESENCE_WATCH_MAX + 1), many[0]]);
    stop();
  });

  it('sends nothing once stopped', async () => {
    const stop = await openTab();
    stop();
    const release = watchPresence([ANN]);
    await advance(0);
    expect(latest().sent).toEqual([]);
    release();
  });
});
