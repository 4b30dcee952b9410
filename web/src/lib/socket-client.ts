import { PRESENCE_WATCH, WS_CLOSE, WS_PATH, type ServerEvent } from '@swapyard/contract';
import { onWatchedChange, watchedMembers } from './presence-watch.ts';

export type SocketEvent = Exclude<ServerEvent, { type: 'session.ended' }>;

export interface SocketHandlers {
  onEvent: (event: SocketEvent) => void;
  /** Events may have been missed: called after every reconnect (never after the first connect), and when more came before the parser than it keeps. */
  onReconnect: () => void;
  /** The session was signed out or revoked elsewhere; the socket stays closed. Called at most once. */
  onSessionEnded: () => void;
}

/** Messages kept while the parser is awaited; past it they are dropped and what the tab shows is refetched instead. */
const UNREAD_MAX = 500;
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

/** Lets the browser draw and answer input before the next step. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The events' schema needs zod, as much JavaScript again as a page's own: it is downloaded when asked
 * for. The events that waited for it are read in a task of their own: with the schemas' evaluation,
 * they made the page's last long task on a phone (docs/performance.md).
 */
export function loadEventParser(): Promise<EventParser> {
  loadingParser ??= import('./parse-server-event.ts').then(
    async (module) => {
      await nextTask();
      return module.parseServerEvent;
    },
    (error: unknown) => {
      // A failed download (offline, a new deploy) is tried again later.
      loadingParser = undefined;
      throw error;
    },
  );
  return loadingParser;
}

/**
 * Opens the tab's socket and keeps it open until the returned function is called. The socket
 * opens at once, so no event is missed, but the events are read only once `readEventsAfter`
 * has resolved and the parser is downloaded: until then they wait, in the order they came, so
 * the parser does not compete with the page's first screen (docs/decisions/037).
 */
export function connectSocket(handlers: SocketHandlers, readEventsAfter: Promise<unknown> = Promise.resolve()): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let parserTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let parserAttempt = 0;
  let parseEvent: EventParser | undefined;
  /** Messages that came before the parser, kept in order. */
  const unread: unknown[] = [];
  let unreadDropped = false;
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
    clearTimeout(parserTimer);
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

  const read = (data: unknown) => {
    if (stopped) return;
    const event = parseEvent?.(data);
    if (!event) return;
    if (event.type === 'session.ended') endSession();
    else handlers.onEvent(event);
  };

  const startReading = () => {
    if (stopped) return;
    loadEventParser().then(
      (parser) => {
        parseEvent = parser;
        if (unreadDropped) {
          unreadDropped = false;
          unread.length = 0;
          handlers.onReconnect();
          return;
        }
        for (const data of unread.splice(0)) {
          try {
            read(data);
          } catch (error) {
            // One event's failure is reported as an uncaught one would be, and costs only that event.
            reportError(error);
          }
        }
      },
      () => {
        if (!stopped) parserTimer = setTimeout(startReading, reconnectDelay(parserAttempt++));
      },
    );
  };

  const open = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || socket) return;
    const ws = new WebSocket(socketUrl());
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      // Watches are the socket's: a reconnected tab says again whose presence it shows.
      toldWatch = '';
      tellWatched();
      if (hasOpened) {
        // The refetch that follows reads what they changed; applied after it, they could undo it.
        unread.length = 0;
        unreadDropped = false;
        handlers.onReconnect();
      }
      hasOpened = true;
    };
    ws.onmessage = (message) => {
      if (parseEvent) read(message.data);
      else if (unread.length < UNREAD_MAX) unread.push(message.data);
      else unreadDropped = true;
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

  // Coming back online is the likeliest moment the server is reachable again: skip the wait.
  function onOnline() {
    // An attempt still under way retries from the shortest delay if it fails.
    attempt = 0;
    if (socket) return;
    open();
  }

  window.addEventListener('online', onOnline);
  open();
  // A wait that fails is over all the same.
  void readEventsAfter.then(startReading, startReading);
  return stop;
}
