import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id floor: 19 MiB, two passes, one lane. 2 is Algorithm.Argon2id (a const enum).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password, OPTIONS);
}

let decoy: Promise<string> | undefined;

/** Spends the same time as a real check, so a login failure does not tell whether the email exists. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy password that matches no one');
  await verifyPassword(await decoy, password);
  return false;
}
