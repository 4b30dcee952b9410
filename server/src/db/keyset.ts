import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A position in a newest-first list: the timestamp as PostgreSQL's own text (microseconds kept) and the id. */
export interface Cursor {
  createdAt: string;
  id: string;
}

/** Rows after the cursor in (time, id) descending order; nothing when there is no cursor. */
export function after(time: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | undefined): SQL | undefined {
  return cursor ? sql`(${time}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined;
}

/** A position in a nearest-first list: metres from the search's place, as PostgreSQL computed them, then a newest-first position. */
export interface DistanceCursor extends Cursor {
  metres: number;
}
