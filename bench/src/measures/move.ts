import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../server/src/db/database.ts';
import { moveSite } from '../../../server/src/move/move.ts';
import { fullKey, newImageKey, thumbKey } from '../../../server/src/modules/uploads/image-keys.ts';
import { startS3 } from '../../../server/src/test/s3.ts';
import { preparePglite } from '../data/dataset.ts';
import { freshBenchDatabase } from '../data/fresh-database.ts';
import { formatNumber, passIf, type Result } from '../lib/report.ts';

const BUDGET_SECONDS = 300;
/** The generated listings share a handful of photos; this many of the newest get pictures of their own, as uploads would. */
const OWN_PICTURES = 2_000;
const quiet = { warn: () => undefined };

/** Gives the newest listings' first pictures keys and files of their own (copies of the shared photos). */
async function ownPictures(dataDir: string): Promise<void> {
  const uploads = path.join(dataDir, 'uploads');
  const database = await openDatabase({ engine: 'pglite', dataDir }, quiet);
  try {
    const { rows } = (await database.db.execute(sql`
      select i.item_id, i.storage_key, items.owner_id from item_images i join items on items.id = i.item_id
      where i.position = 0 order by items.created_at desc limit ${OWN_PICTURES}`)) as unknown as {
      rows: { item_id: string; storage_key: string; owner_id: string }[];
    };
    for (const [n, row] of rows.entries()) {
      const key = newImageKey('items', row.owner_id, Date.now() + n);
      for (const name of [fullKey, thumbKey]) {
        fs.mkdirSync(path.dirname(path.join(uploads, name(key))), { recursive: true });
        fs.copyFileSync(path.join(uploads, name(row.storage_key)), path.join(uploads, name(key)));
      }
      await database.db.execute(sql`update item_images set storage_key = ${key} where item_id = ${row.item_id} and position = 0`);
    }
  } finally {
    await database.close();
  }
}

/**
 * `npm run move` of the bench's PGlite site (100,000 listings with their pictures) into a new
 * PostgreSQL database and an s3rver bucket on this machine, timed from start to verified.
 */
export async function measureMove(options: { adminUrl: string; listings: number; resultsDir: string; log: (line: string) => void }): Promise<Result> {
  const dataset = await preparePglite(options.listings, options.resultsDir, options.log);
  const s3 = await startS3('swapyard-bench-move');
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-bench-move-'));
  const target = await freshBenchDatabase(options.adminUrl, 'swapyard_bench_move');
  try {
    await ownPictures(dataset.dataDir);
    const started = performance.now();
    const report = await moveSite({
      dataDir: dataset.dataDir,
      to: target.url,
      s3: s3.config,
      force: false,
      startFile: path.join(scratch, 'swapyard-move.env'),
      progress: { line: (text) => options.log(`move: ${text}`), bar: () => ({ advance: () => undefined, end: () => undefined }) },
    });
    const seconds = (performance.now() - started) / 1000;
    const rows = report.tables.reduce((sum, table) => sum + table.target, 0);
    const files = (report.images?.uploaded ?? 0) + (report.images?.skipped ?? 0);
    return {
      where: 'PGlite to PostgreSQL and S3',
      measure: `npm run move: ${formatNumber(dataset.marketplace.listings)} listings with images, to verified`,
      measured: `${formatNumber(seconds, 1)} s`,
      reference: `${formatNumber(rows)} rows in ${report.tables.length} tables (${formatNumber(report.seconds.data, 1)} s), ${formatNumber(files)} image files (${formatNumber(report.seconds.images, 1)} s), verify ${formatNumber(report.seconds.verify, 1)} s`,
      ratio: '-',
      budget: `< ${BUDGET_SECONDS / 60} min`,
      verdict: passIf(seconds < BUDGET_SECONDS),
      figures: { seconds, rows, imageFiles: files, dataSeconds: report.seconds.data, imageSeconds: report.seconds.images, verifySeconds: report.seconds.verify },
    };
  } finally {
    await target.drop();
    await s3.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
    await dataset.dispose();
  }
}
