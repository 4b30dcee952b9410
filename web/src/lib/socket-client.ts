import { PRESENCE_WATCH, WS_CLOSE, WS_PATH, type ServerEvent } from '@swapyard/contract';
import { onWatchedChange, watchedMembers } from './presence-watch.ts';

export type SocketEvent = Exclude<ServerEvent, { type: 'session.ended' }>;

export interface SocketHandlers {
  onEvent: (event: SocketEvent) => void;
  /** Called after every reconnect, never after the first connect: events may have been missed. */
  onReconnect: () => void;
  /** The session was signed out or revoked elsewhere; the socket stays closed. Called at most once. */
  onSessionEnded: () => void;
}

const MIN_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

function reconnectDelay(attempt: number): number {
  const ceiling = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** attempt);
  // Jitter keeps every tab from reconnecting at the same instant after a server restart.
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

function socketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${WS_PATH}`;
}

type EventParser = (data: unknown) => ServerEvent | undefined;

let loadingParser: Promise<EventParser> | undefined;

/**
 * The events' schema needs zod, a quarter of the shell's JavaScript: it is downloaded after the
 * first screen is drawn, before the socket opens, instead of with the shell (docs/performance.md).
 */
function loadEventParser(): Promise<EventParser> {
  loadingParser ??= import('./parse-server-event.ts').then(
    (module) => module.parseServerEvent,
    (error: unknown) => {
      // A failed download (offline, a new deploy) is retried with the next connection attempt.
      loadingParser = undefined;
      throw error;
    },
  );
  return loadingParser;
}

/** Opens the tab's socket and keeps it open until the returned function is called. */
export function connectSocket(handlers: SocketHandlers): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let hasOpened = false;
  let stopped = false;
  /** The watch this socket last told the server; undefined until it is open (a new socket's server knows none). */
  let toldWatch: string | undefined;

  const tellWatched = () => {
    if (!socket || toldWatch === undefined) return;
    const userIds = watchedMembers();
    const key = userIds.join(',');
    if (key === toldWatch) return;
    socket.send(JSON.stringify({ type: PRESENCE_WATCH, data: { userIds } }));
    toldWatch = key;
  };
  const stopTelling = onWatchedChange(tellWatched);

  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    stopTelling();
    socket?.close(1000);
  };

  // The server sends session.ended and then closes with its code; either alone is enough.
  const endSession = () => {
    if (stopped) return;
    stop();
    handlers.onSessionEnded();
  };

  const retry = (delay: number) => {
    timer = setTimeout(open, delay);
    attempt += 1;
  };

  const connect = (parseEvent: EventParser) => {
    if (stopped || socket) return;
    const ws = new WebSocket(socketUrl());
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      // Watches are the socket's: a reconnected tab says again whose presence it shows.
      toldWatch = '';
      tellWatched();
      if (hasOpened) handlers.onReconnect();
      hasOpened = true;
    };
    ws.onmessage = (message) => {
      const event = parseEvent(message.data);
      if (!event) return;
      if (event.type === 'session.ended') endSession();
      else handlers.onEvent(event);
    };
    ws.onclose = (event) => {
      socket = undefined;
      toldWatch = undefined;
      if (event.code === WS_CLOSE.sessionEnded) {
        endSession();
        return;
      }
      if (stopped) return;
      // Resync means the server may have dropped events, not that it is struggling: come back soon.
      retry(event.code === WS_CLOSE.resync ? Math.random() * MIN_DELAY_MS : reconnectDelay(attempt));
    };
  };

  const open = () => {
    clearTimeout(timer);
    timer = undefined;
    loadEventParser().then(connect, () => {
      if (!stopped && !socket) retry(reconnectDelay(attempt));
    });
  };

  // Coming back online is the likeliest moment the server is reachable again: skip the wait.
  function onOnline() {
    // An attempt still under way retries from the shortest delay if it fails.
    attempt = 0;
    if (socket) return;
    open();
  }

  window.addEventListener('online', onOnline);
  open();
  return stop;
}
