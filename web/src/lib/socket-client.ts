import { PRESENCE_WATCH, WS_CLOSE, WS_PATH, type ServerEvent } from '@swapyard/contract';
import { onWatchedChange, watchedMembers } from './presence-watch.ts';

export type SocketEvent = Exclude<ServerEvent, { type: 'session.ended' }>;

export interface SocketHandlers {
  onEvent: (event: SocketEvent) => void;
  /** Events may have been missed: called when a socket opens after an earlier attempt, whether that one opened or not (never when the first attempt opens), and when more came before the parser than it keeps. */
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

/**
 * Reads the socket's messages in a worker (event-parser.worker.ts): the events' schema needs zod, as
 * much JavaScript again as a page's own, and building it was a long task on the page's thread. The
 * worker answers each message in the order it was posted, with the event or null.
 */
function startEventParser(onParsed: (event: ServerEvent | null) => void, onFailed: () => void): Worker {
  const worker = new Worker(new URL('./event-parser.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (message: MessageEvent<ServerEvent | null>) => onParsed(message.data);
  // Its script did not load (offline before the service worker kept it, a new deploy): what it held is lost.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    onFailed();
  };
  return worker;
}

/**
 * Opens the tab's socket and keeps it open until the returned function is called. The socket
 * opens at once, so no event is missed, but the parser starts only once `readEventsAfter` has
 * resolved: until then the events wait, in the order they came, so its download does not compete
 * with the page's first screen (docs/decisions/037).
 */
export function connectSocket(handlers: SocketHandlers, readEventsAfter: Promise<unknown> = Promise.resolve()): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let parserTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let parserAttempt = 0;
  let parser: Worker | undefined;
  /** Messages handed to the parser and answers read back, counted so the answers up to `staleUpTo` can be told apart. */
  let posted = 0;
  let answered = 0;
  let staleUpTo = 0;
  /** Messages that came before the parser, kept in order. */
  const unread: unknown[] = [];
  let unreadDropped = false;
  /**
   * Whether a socket was tried before. One lost before the tab heard it open (a failed handshake, or
   * one the server had already taken) still leaves a time with no socket: the next to open may have missed events.
   */
  let tried = false;
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
    parser?.terminate();
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

  const parse = (data: unknown) => {
    posted += 1;
    parser?.postMessage(data);
  };

  const read = (event: ServerEvent | null) => {
    answered += 1;
    if (stopped || !event || answered <= staleUpTo) return;
    if (event.type === 'session.ended') endSession();
    else handlers.onEvent(event);
  };

  const parserFailed = () => {
    parser = undefined;
    const lost = answered < posted;
    answered = posted;
    if (stopped) return;
    if (lost) handlers.onReconnect();
    parserTimer = setTimeout(startReading, reconnectDelay(parserAttempt++));
  };

  function startReading() {
    if (stopped) return;
    try {
      parser = startEventParser(read, parserFailed);
    } catch {
      // A browser without module workers refuses at once.
      parserFailed();
      return;
    }
    if (unreadDropped) {
      unreadDropped = false;
      unread.length = 0;
      handlers.onReconnect();
      return;
    }
    for (const data of unread.splice(0)) parse(data);
  }

  const open = () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || socket) return;
    const ws = new WebSocket(socketUrl());
    socket = ws;
    const reconnecting = tried;
    tried = true;
    ws.onopen = () => {
      attempt = 0;
      // Watches are the socket's: a reconnected tab says again whose presence it shows.
      toldWatch = '';
      tellWatched();
      if (reconnecting) {
        // The refetch that follows reads what the unread ones and those still with the parser changed;
        // applied after it, they could undo it.
        unread.length = 0;
        unreadDropped = false;
        staleUpTo = posted;
        handlers.onReconnect();
      }
    };
    ws.onmessage = (message) => {
      if (parser) parse(message.data);
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
