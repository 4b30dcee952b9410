import type { Cursor } from '../db/keyset.ts';
import { badRequest } from './app-error.ts';

/** Keyset cursors travel as opaque base64url text; their content is checked like any input. */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?([+-]\d\d(:\d\d)?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && TIMESTAMP.test(String(parsed[0])) && UUID.test(String(parsed[1]))) {
      return { createdAt: String(parsed[0]), id: String(parsed[1]) };
    }
  } catch {
    // Falls through to the same answer as any other malformed cursor.
  }
  throw badRequest('Invalid cursor');
}

/**
 * Lists are read with one row more than the page holds: its presence says another page exists,
 * without counting. Returns the page's rows and the cursor that continues after the last of them.
 */
export function splitPage<Row>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => [createdAt: string, id: string],
): { visible: Row[]; nextCursor: string | null } {
  const visible = rows.slice(0, limit);
  const last = visible.at(-1);
  return { visible, nextCursor: rows.length > limit && last ? encodeCursor(...positionOf(last)) : null };
}
