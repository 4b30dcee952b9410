import { REMEMBERED_SESSION_DAYS, STARTING_POINTS } from '@swapyard/contract';
import type { Executor } from '../../../server/src/db/database.ts';
import { pointEntries, sessions, users } from '../../../server/src/db/schema/index.ts';
import { hashToken, newToken } from '../../../server/src/lib/tokens.ts';
import { hashPassword } from '../../../server/src/modules/auth/passwords.ts';
import { BENCH_PASSWORD } from './generate.ts';

/** The cookie the server sets over plain HTTP (modules/auth/session-cookie.ts). */
export const SESSION_COOKIE = 'swapyard_session';

export interface SignedInMember {
  id: string;
  displayName: string;
  /** The Cookie header that signs this member in. */
  cookie: string;
}

/**
 * Members who are signed in, made in three statements: signing up through the API would spend an
 * argon2 hash on each. Sessions are stored the way sign-in stores them (the token's hash only).
 */
export async function createSignedInMembers(db: Executor, count: number, label: string): Promise<SignedInMember[]> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${label}-${i + 1}@bench.example`,
        passwordHash,
        displayName: `${label} ${i + 1}`,
        points: STARTING_POINTS,
      })),
    )
    .returning({ id: users.id, displayName: users.displayName });
  await db
    .insert(pointEntries)
    .values(created.map((user) => ({ userId: user.id, amount: STARTING_POINTS, balanceAfter: STARTING_POINTS, reason: 'signup_bonus' })));
  const tokens = created.map(() => newToken());
  const expiresAt = new Date(Date.now() + REMEMBERED_SESSION_DAYS * 86_400_000);
  await db
    .insert(sessions)
    .values(created.map((user, i) => ({ id: hashToken(tokens[i]!), userId: user.id, expiresAt, remember: true })));
  return created.map((user, i) => ({ ...user, cookie: `${SESSION_COOKIE}=${tokens[i]!}` }));
}
