import { TEXT } from '@swapyard/contract';
import type { Cursor, DistanceCursor } from '../db/keyset.ts';
import { badRequest } from './app-error.ts';

/** Keyset cursors travel as opaque base64url text; their content is checked like any input. */
function encodeCursor(position: [createdAt: string, id: string] | [metres: number, createdAt: string, id: string]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

// PostgreSQL's own text for a timestamptz: "2026-11-22 01:14:13.123456+00".
const TIMESTAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?(?:[+-](\d\d)(?::(\d\d))?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * Whether the text names a moment that exists: the format alone lets through month 13, February 30,
 * year 0000 or a +99 offset, which PostgreSQL refuses with an error instead of an empty page.
 */
function isRealInstant(text: string): boolean {
  const match = TIMESTAMP.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysIn(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && isRealInstant(String(parsed[0])) && UUID.test(String(parsed[1]))) {
      return { createdAt: String(parsed[0]), id: String(parsed[1]) };
    }
  } catch {
    // Falls through to the same answer as any other malformed cursor.
  }
  throw badRequest(TEXT.errors.invalidCursor);
}

/** Half the earth's circumference by earthdistance's radius: no two places are further apart. */
const FURTHEST_METRES = Math.PI * 6_378_168;

/**
 * A nearest-first cursor: [metres, createdAt, id]. The metres are a double as PostgreSQL returned
 * it, which JSON carries exactly, so the next page starts at that very row and not near it.
 */
export function decodeDistanceCursor(cursor: string | undefined): DistanceCursor | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      typeof parsed[0] === 'number' &&
      Number.isFinite(parsed[0]) &&
      parsed[0] >= 0 &&
      parsed[0] <= FURTHEST_METRES &&
      isRealInstant(String(parsed[1])) &&
      UUID.test(String(parsed[2]))
    ) {
      return { metres: parsed[0], createdAt: String(parsed[1]), id: String(parsed[2]) };
    }
  } catch {
    // Falls through to the same answer as any other malformed cursor.
  }
  throw badRequest(TEXT.errors.invalidCursor);
}

/**
 * Lists are read with one row more than the page holds: its presence says another page exists,
 * without counting. Returns the page's rows and the cursor that continues after the last of them.
 */
export function splitPage<Row>(
  rows: Row[],
  limit: number,
  positionOf: (row: Row) => [createdAt: string, id: string] | [metres: number, createdAt: string, id: string],
): { visible: Row[]; nextCursor: string | null } {
  const visible = rows.slice(0, limit);
  const last = visible.at(-1);
  return { visible, nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null };
}
