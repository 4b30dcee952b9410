import type { S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import type { S3Config } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { connectS3Client } from '../storage/s3-storage.ts';
import { copyImagesToBucket, inBucket, localImageKeys, type ImageCopy } from './images.ts';
import { MoveError } from './move-error.ts';
import type { Progress } from './progress.ts';
import { openSource } from './source.ts';
import { printableLine, startVariables, writeStartFile } from './start-lines.ts';
import { copySequences, copyTable, quoted, rowCounts, tablesInDependencyOrder, withGinPendingLists } from './tables.ts';
import { connectTarget, emptyTarget, targetHoldings } from './target.ts';
import { ledgerOf, referencedImageObjects, type Ledger, type TableCount } from './verify.ts';

export interface MoveOptions {
  /** The stopped PGlite site. */
  dataDir: string;
  /** The PostgreSQL database it moves into, as the operator gave it. */
  to: string;
  /** Set by --images-to-s3: the bucket the images go to. */
  s3?: S3Config;
  force: boolean;
  /** Where the start-up variables are written with their secrets. */
  startFile: string;
  progress: Progress;
}

export interface MoveReport {
  tables: TableCount[];
  ledger: Ledger;
  /** Set when the images went to a bucket. */
  images?: ImageCopy;
  /** Storage objects the moved rows name, every one found in the target storage. */
  referencedImages: number;
  seconds: { images: number; data: number; verify: number };
}

const quiet = { warn: () => undefined };
const count = (n: number) => n.toLocaleString('en');
const since = (started: number) => (performance.now() - started) / 1000;
/** Checks of objects at a time in the verification. */
const CONCURRENT_CHECKS = 16;

/**
 * Copies a stopped PGlite site into an empty PostgreSQL database (and its images to a bucket when
 * asked), verifies the copy and prints the variables to start the server on it. The source is only
 * read; an interrupted move can be run again, and skips the images already in the bucket.
 */
export async function moveSite(options: MoveOptions): Promise<MoveReport> {
  const { progress } = options;
  const source = await openSource(options.dataDir);
  let target;
  let bucket: S3Client | undefined;
  try {
    target = await connectTarget(options.to);
    const holdings = await targetHoldings(target);
    if (holdings && !options.force) {
      throw new MoveError(
        `Refusing to move: the target database is not empty (it holds ${holdings}). Move into an empty database, ` +
          'or run the move again with --force to delete everything in its public schema first. Nothing was changed.',
      );
    }
    const tables = await tablesInDependencyOrder(source.client);
    const sourceCounts = await rowCounts((sql) => source.client.query(sql), tables);
    const totalRows = [...sourceCounts.values()].reduce((sum, n) => sum + n, 0);
    const uploadsDir = path.join(options.dataDir, 'uploads');
    const imageKeys = localImageKeys(uploadsDir);
    progress.line(`Moving ${options.dataDir}: ${tables.length} tables, ${count(totalRows)} rows, ${count(imageKeys.length)} image files.`);

    // Images first: if the move is cut off here the database is still untouched, and a second run starts clean.
    let images: ImageCopy | undefined;
    const imagesStarted = performance.now();
    if (options.s3) {
      bucket = await connectS3Client(options.s3);
      progress.line(`Images: uploading to the bucket ${options.s3.bucket}, each checked for size and checksum...`);
      const bar = progress.bar('images', imageKeys.length, 'files');
      images = await copyImagesToBucket(bucket, options.s3.bucket, uploadsDir, imageKeys, () => bar.advance());
      bar.end();
      progress.line(`Images: ${count(images.uploaded)} uploaded, ${count(images.skipped)} already in the bucket (skipped).`);
    }
    const imageSeconds = since(imagesStarted);

    const dataStarted = performance.now();
    if (holdings) {
      progress.line('Target: --force given, deleting everything in its public schema...');
      await emptyTarget(target);
    }
    progress.line('Schema: applying the migrations to the target...');
    await (await openDatabase({ engine: 'postgres', url: options.to }, quiet)).close();
    progress.line(`Data: copying ${count(totalRows)} rows, table by table, in one transaction...`);
    const bar = progress.bar('rows', totalRows, 'rows');
    await target.query('begin');
    // The migrations wrote a few rows of their own (settings, a queued job): the source's replace them.
    await target.query(`truncate ${tables.map((table) => quoted(table.name)).join(', ')}`);
    await withGinPendingLists(target, async () => {
      for (const table of tables) await copyTable(source.client, target!, table, (rows) => bar.advance(rows));
    });
    const sequences = await copySequences(source.client, target);
    bar.end();
    progress.line(`Data: ${tables.length} tables and ${sequences} sequences copied in ${since(dataStarted).toFixed(1)} s.`);
    const dataSeconds = since(dataStarted);

    // Checked before the commit: a copy that fails is rolled back, and the same command can run again without --force.
    const verifyStarted = performance.now();
    progress.line('Verifying...');
    const targetCounts = await rowCounts((sql) => target!.query(sql), tables);
    const counts = tables.map(({ name }) => ({ table: name, source: sourceCounts.get(name)!, target: targetCounts.get(name)! }));
    const ledger = await ledgerOf(target);
    const referenced = await referencedImageObjects(target, tables);
    const checking = progress.bar('images checked', referenced.length, 'files');
    const present = await everyPresent(referenced, async (key) => {
      const found = bucket ? await inBucket(bucket, options.s3!.bucket, key) : fs.existsSync(path.join(uploadsDir, key));
      checking.advance();
      return found;
    });
    checking.end();
    const problems = [
      ...counts.filter((c) => c.source !== c.target).map((c) => `${c.table}: ${count(c.source)} rows in the source, ${count(c.target)} in the target`),
      ...(ledger.unbalanced > 0 ? [`${count(ledger.unbalanced)} balances differ from their ledger sums`] : []),
      ...(ledger.balances !== ledger.ledgerTotal ? [`the ledger's total ${count(ledger.ledgerTotal)} is not the sum of balances ${count(ledger.balances)}`] : []),
      ...referenced.filter((_, i) => !present[i]).map((key) => `image ${key} is named by a row but missing from the target storage`),
    ];
    if (problems.length > 0) {
      await target.query('rollback');
      const shown = problems.slice(0, 20).map((problem) => `  ${problem}`).join('\n');
      throw new MoveError(`The move is not verified, and the target is left empty:\n${shown}${problems.length > 20 ? `\n  and ${problems.length - 20} more` : ''}`);
    }
    await target.query('commit');
    // Planner statistics now, rather than whenever autovacuum comes round: the first pages served are fast.
    await target.query('analyze');
    const where = options.s3 ? `the bucket ${options.s3.bucket}` : uploadsDir;
    progress.line('Verified:');
    progress.line(`  rows: ${counts.length} tables, each with as many rows as in the source (${count(totalRows)} rows in all)`);
    progress.line(`  points: ${count(ledger.members)} balances, each equal to its ledger sum; the ledger's total ${count(ledger.ledgerTotal)} = the sum of balances`);
    progress.line(`  images: ${count(referenced.length)} image files named by rows, every one in ${where}`);

    const variables = startVariables(options.to, options.s3 ? { s3: options.s3 } : { dataDir: options.dataDir });
    writeStartFile(options.startFile, variables);
    progress.line('Start the server on the moved site with (secrets hidden here):');
    for (const variable of variables) progress.line(`  ${printableLine(variable)}`);
    progress.line(`The same lines with the secrets are in ${options.startFile} (readable by you alone): set -a; . ${options.startFile}; set +a; npm start`);
    return {
      tables: counts,
      ledger,
      images,
      referencedImages: referenced.length,
      seconds: { images: imageSeconds, data: dataSeconds, verify: since(verifyStarted) },
    };
  } finally {
    bucket?.destroy();
    await target?.end();
    await source.close();
  }
}

async function everyPresent(keys: string[], present: (key: string) => Promise<boolean>): Promise<boolean[]> {
  const found: boolean[] = new Array<boolean>(keys.length);
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const i = next++;
      found[i] = await present(keys[i]!);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENT_CHECKS }, worker));
  return found;
}
