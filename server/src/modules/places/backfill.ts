import { z } from 'zod';
import type { Database, Executor } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PlacesService } from './service.ts';

/** Rows a module owns whose location text has no place yet: read a page at a time, and given one. */
export interface UnplacedRows {
  page(afterId: string | undefined, limit: number): Promise<{ id: string; location: string }[]>;
  place(tx: Executor, ids: string[], placeId: number): Promise<void>;
}

const BATCH = 500;

/**
 * Issue 17: listings and profiles written before places get the town their text names, where it
 * names one (as a new listing's text is matched); the rest stay text only. Queued once per database
 * by migration 0016; a second run (a worker that died) only reads what is still unplaced.
 */
export function defineTextMatching(jobs: JobQueue, db: Database, places: PlacesService, owners: UnplacedRows[]) {
  return jobs.define('places.match-text', {
    payload: z.object({}),
    handle: async () => {
      for (const rows of owners) await placeByText(db, places, rows);
    },
  });
}

/** A batch at a time, each in its own transaction; returns how many rows got a place. */
export async function placeByText(db: Database, places: PlacesService, rows: UnplacedRows): Promise<number> {
  let placed = 0;
  let afterId: string | undefined;
  for (;;) {
    const page = await rows.page(afterId, BATCH);
    if (page.length === 0) return placed;
    afterId = page.at(-1)?.id;
    const idsByText = new Map<string, string[]>();
    for (const row of page) idsByText.set(row.location, [...(idsByText.get(row.location) ?? []), row.id]);
    placed += await db.transaction(async (tx) => {
      let inBatch = 0;
      for (const [text, ids] of idsByText) {
        const place = await places.useText(tx, text);
        if (!place) continue;
        await rows.place(tx, ids, place.id);
        inBatch += ids.length;
      }
      return inBatch;
    });
  }
}
