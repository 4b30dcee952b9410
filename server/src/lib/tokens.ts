import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: what a session cookie or a reset link carries. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored, so a leaked table cannot be turned back into working tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
