import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { commandArguments, runCommand } from '../lib/command-line.ts';
import { BackupError, createBackup } from './backup.ts';

const USAGE = 'npm run backup [-- <directory for the archive, default ./backups>]';

/** `npm run backup`: the PGlite data directory (DATA_DIR) and its uploads into one timestamped archive. */
runCommand(async () => {
  const { positionals } = commandArguments(process.argv.slice(2), {}, 1, USAGE);
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    throw new BackupError(
      'DATABASE_URL is set, so the data is in PostgreSQL: back it up with pg_dump, and the images with their uploads directory or bucket (docs/backups.md).',
    );
  }
  const file = await createBackup(config.dataDir, path.resolve(positionals[0] ?? 'backups'));
  const megabytes = (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  const shown = path.relative(process.cwd(), file);
  process.stdout.write(`Backed up ${config.dataDir} to ${shown.startsWith('..') ? file : shown} (${megabytes} MB).\n`);
  if (config.s3) {
    process.stdout.write(`The images are in the S3 bucket ${config.s3.bucket}, not in this file: back the bucket up too (docs/backups.md).\n`);
  }
});
