import type { Database, Transaction } from './database.ts';

const RETRYABLE = new Set(['40001', '40P01']);
const ATTEMPTS = 5;

export function sqlState(error: unknown): string | undefined {
  // Drizzle wraps driver errors; the SQLSTATE is on the error or on its cause.
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A transaction retried on a serialization failure or a deadlock, so a member never sees either. */
export async function transactionWithRetry<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = sqlState(error);
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
