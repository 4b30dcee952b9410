import { z } from 'zod';

/**
 * A whole number as a form field or query parameter writes it: decimal digits only. Number()
 * would also read "1e3", "0x10" and " 12 " as numbers nobody typed; anything else becomes NaN,
 * which the number schema after it refuses with its own message.
 */
export function digitsOnly(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (text === '') return undefined;
  return /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
}

/** The query of every newest-first list: an opaque cursor from the previous page, and a page size. */
export function pageQuery(maxLimit: number, defaultLimit: number) {
  return z.object({
    cursor: z.string().max(200).optional(),
    limit: z.preprocess(digitsOnly, z.number().int().min(1).max(maxLimit).default(defaultLimit)),
  });
}

/** A text filter of a query string: trimmed, and absent when left blank, so an empty field filters nothing. */
export function optionalQueryText(max: number) {
  return z.preprocess((raw) => (typeof raw === 'string' && raw.trim() === '' ? undefined : raw), z.string().trim().max(max).optional());
}
