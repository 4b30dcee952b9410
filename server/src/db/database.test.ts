import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, PGLITE_SHARED_BUFFERS } from './database.ts';
import { items, users } from './schema/index.ts';

let dataDir: string;

/** A site's first start, in the hook: PGlite's initdb takes over ten seconds on a busy machine. */
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-db-'));
  const first = await openDatabase({ engine: 'pglite', dataDir }, { warn: () => undefined });
  const [owner] = await first.db
    .insert(users)
    .values({ email: 'owner@example.com', passwordHash: 'x', displayName: 'Owner' })
    .returning();
  await first.db.insert(items).values({
    ownerId: owner!.id,
    title: 'Vintage Road Bicycle',
    category: 'Sports',
    value: 40,
    location: 'Leeds',
  });
  await first.close();
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// PGlite-specific whatever TEST_ENGINE says: this is about opening a data directory on disk.
describe('PGlite data directory', () => {
  it('reopens with its trigram indexes working and its data kept', async () => {
    const again = await openDatabase({ engine: 'pglite', dataDir }, { warn: () => undefined });
    const found = await again.db
      .select({ title: items.title, kind: items.kind })
      .from(items)
      .where(sql`${items.title} ILIKE ${'%road bic%'}`);
    const [{ similarity } = { similarity: 0 }] = await again.db
      .select({ similarity: sql<number>`similarity(${items.title}, 'bicycle')` })
      .from(items);
    await again.close();

    expect(found).toEqual([{ title: 'Vintage Road Bicycle', kind: 'item' }]);
    expect(similarity).toBeGreaterThan(0);
  });

  it('keeps its shared buffers small, so the server stays within its memory budget', async () => {
    const again = await openDatabase({ engine: 'pglite', dataDir }, { warn: () => undefined });
    const { rows } = await again.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
    const { rows: settings } = await again.pglite!.query<{ search_path: string }>('show search_path');
    await again.close();

    expect(rows).toEqual([{ shared_buffers: PGLITE_SHARED_BUFFERS }]);
    // PGlite's own start settings are kept beside it.
    expect(settings).toEqual([{ search_path: 'public' }]);
  });
});
