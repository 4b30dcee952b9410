import { TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/app-error.ts';

// PostgreSQL text (and jsonb) cannot hold U+0000: a statement carrying one fails, whatever the column.
const UNSTORABLE = '\u0000';

/**
 * Whether any string in the value, keys included, holds a character the database refuses.
 * Walks with a stack, not recursion: a 64 KB body can nest arrays thousands deep.
 */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes(UNSTORABLE)) return true;
    } else if (Array.isArray(next)) {
      for (const entry of next as unknown[]) pending.push(entry);
    } else if (typeof next === 'object' && next !== null) {
      for (const [key, entry] of Object.entries(next)) {
        if (key.includes(UNSTORABLE)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

export function assertStorableText(value: unknown): void {
  if (holdsUnstorableText(value)) throw badRequest(TEXT.errors.unstorableText);
}

/**
 * Every route's path, query and JSON body is checked before its schema and its handler run, so a
 * route added tomorrow is covered without a word; multipart fields are checked as they are read
 * (multipart-form.ts).
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
    assertStorableText(request.body);
  });
}
