import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rooms } from '../../realtime/event-bus.ts';
import { SessionCache, type LiveSession } from './session-cache.ts';

const TTL_MS = 30_000;
const HOUR_MS = 3_600_000;

function liveSession(overrides: Partial<LiveSession> = {}): LiveSession {
  return {
    id: `session-${Math.random()}`,
    userId: 'user-1',
    expiresAt: new Date(Date.now() + 12 * HOUR_MS),
    lastSeenAt: new Date(),
    ...overrides,
  };
}

function sessionEnded(id: string) {
  return { rooms: [rooms.session(id)], event: { type: 'session.ended' as const, data: {} } };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the session cache', () => {
  it('keeps a live session for its time to live, then asks the database again', () => {
    const cache = new SessionCache(TTL_MS);
    const session = liveSession();
    cache.set(session);

    vi.advanceTimersByTime(TTL_MS);
    expect(cache.get(session.id)).toEqual(session);
    vi.advanceTimersByTime(1);
    expect(cache.get(session.id)).toBeUndefined();
  });

  it('never returns a session past its expiry, however recently it was cached', () => {
    const cache = new SessionCache(TTL_MS);
    const session = liveSession({ expiresAt: new Date(Date.now() + 1_000) });
    cache.set(session);

    vi.advanceTimersByTime(1_000);
    expect(cache.get(session.id)).toBeUndefined();
  });

  it('drops a session when its end is announced on the bus, and only that one', () => {
    const cache = new SessionCache(TTL_MS);
    const ended = liveSession();
    const other = liveSession();
    cache.set(ended);
    cache.set(other);

    cache.deliver(sessionEnded(ended.id));

    expect(cache.get(ended.id)).toBeUndefined();
    expect(cache.get(other.id)).toEqual(other);
  });

  it('does not cache again a session that ended while a request was still reading it', () => {
    const cache = new SessionCache(TTL_MS);
    const session = liveSession();

    cache.deliver(sessionEnded(session.id));
    cache.set(session);

    expect(cache.get(session.id)).toBeUndefined();
  });

  it('ignores other events, and empties itself when the bus may have lost some', () => {
    const cache = new SessionCache(TTL_MS);
    const session = liveSession();
    cache.set(session);

    cache.deliver({ rooms: [rooms.user(session.userId)], event: { type: 'points.updated', data: { userId: session.userId, points: 90 } } });
    expect(cache.get(session.id)).toEqual(session);

    cache.resync();
    expect(cache.get(session.id)).toBeUndefined();
  });

  it('holds at most its maximum, forgetting the oldest first', () => {
    const cache = new SessionCache(TTL_MS, 2);
    const [first, second, third] = [liveSession(), liveSession(), liveSession()];
    cache.set(first);
    cache.set(second);
    cache.set(third);

    expect(cache.get(first.id)).toBeUndefined();
    expect(cache.get(second.id)).toEqual(second);
    expect(cache.get(third.id)).toEqual(third);
  });
});
