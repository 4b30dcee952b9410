import { UNSUBSCRIBE_TOKEN, type MailKind } from '@swapyard/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `<kind>_<member id>_<HMAC-SHA256 of kind, member and channel>`: it can switch off that one
 * kind's mail for that one member, and nothing else, so it may travel in every mail and work
 * signed out. The channel is in the signature so a push link could never be passed off as it.
 */
export function signUnsubscribe(key: string, userId: string, kind: MailKind): string {
  return `${kind}_${userId}_${signature(key, userId, kind)}`;
}

/** The member and kind a genuine token names; undefined for anything else. */
export function verifyUnsubscribe(key: string, token: string): { userId: string; kind: MailKind } | undefined {
  const parts = UNSUBSCRIBE_TOKEN.exec(token);
  if (!parts) return undefined;
  const [, kind, userId, given] = parts as unknown as [string, MailKind, string, string];
  const expected = Buffer.from(signature(key, userId, kind));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? { userId, kind } : undefined;
}

function signature(key: string, userId: string, kind: MailKind): string {
  return createHmac('sha256', key).update(`${kind}.${userId}.email`).digest('base64url');
}
