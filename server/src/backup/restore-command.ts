import path from 'node:path';
import { loadConfig } from '../config.ts';
import { commandArguments, runCommand } from '../lib/command-line.ts';
import { BackupError } from './backup.ts';
import { restoreBackup } from './restore.ts';

const USAGE = 'npm run restore -- <backup file> [--force]';

/** `npm run restore -- <file>`: a backup into the PGlite data directory (DATA_DIR), which must be empty unless --force. */
runCommand(async () => {
  const { values, positionals } = commandArguments(process.argv.slice(2), { force: { type: 'boolean', default: false } }, 1, USAGE);
  const archive = positionals[0];
  if (!archive) throw new BackupError(`Which backup? Usage: ${USAGE}`);
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    throw new BackupError('DATABASE_URL is set, so the data is in PostgreSQL: restore it with pg_restore (docs/backups.md).');
  }
  await restoreBackup(path.resolve(archive), config.dataDir, { force: values.force ?? false });
  process.stdout.write(`Restored ${archive} into ${config.dataDir}.\n`);
});
