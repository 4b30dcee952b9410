import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor: 19 MiB, two passes, one lane. 2 is Algorithm.Argon2id (a const enum).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password, OPTIONS);
}

let decoy: Promise<string> | undefined;

/**
 * The one check of a typed password, at sign-in and before an account change: one argon2id
 * verification whether or not there is a member, against a decoy when there is none, so the time
 * it takes does not tell whether the email exists.
 */
export async function passwordMatches(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  decoy ??= hashPassword('decoy password that matches no one');
  await verifyPassword(await decoy, password);
  return false;
}
