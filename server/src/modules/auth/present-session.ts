import type { DeviceSession } from '@swapyard/contract';
import Bowser from 'bowser';
import { createHash } from 'node:crypto';
import type { SessionRow } from './repository.ts';

/** Longer than any real browser's, short enough that a forged header cannot fill the table. */
export const USER_AGENT_MAX_CHARS = 512;

export function storableUserAgent(header: string | undefined): string | null {
  const trimmed = header?.trim();
  return trimmed ? trimmed.slice(0, USER_AGENT_MAX_CHARS) : null;
}

/**
 * The id a page may show: a hash of the stored id, which is itself the hash of the cookie's token.
 * It names the session to its member without being anything a request could sign in with, and the
 * prefix keeps it from ever equalling a hash made for another purpose.
 */
export function publicSessionId(sessionId: string): string {
  return createHash('sha256').update(`swapyard public session id:${sessionId}`).digest('base64url').slice(0, 22);
}

export function presentSession(row: SessionRow, currentId: string): DeviceSession {
  const parsed = row.userAgent ? Bowser.parse(row.userAgent) : undefined;
  const browser = parsed?.browser.name ? joined(parsed.browser.name, parsed.browser.version?.split('.')[0]) : null;
  const os = parsed?.os.name ? joined(parsed.os.name, parsed.os.versionName ?? parsed.os.version) : null;
  return {
    id: publicSessionId(row.id),
    browser,
    os,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

const joined = (name: string, version: string | undefined) => (version ? `${name} ${version}` : name);
