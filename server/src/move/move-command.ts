import path from 'node:path';
import { loadConfig } from '../config.ts';
import { commandArguments, runCommand } from '../lib/command-line.ts';
import { moveSite } from './move.ts';
import { MoveError } from './move-error.ts';
import { terminalProgress } from './progress.ts';

const USAGE = 'npm run move -- --to postgres://user:password@host:5432/database [--images-to-s3] [--force]';
/** Written in the directory the move is run from. */
const START_FILE = 'swapyard-move.env';

/** `npm run move`: a stopped PGlite site (DATA_DIR) into an empty PostgreSQL database, its images to S3 when asked (docs/operations.md). */
runCommand(async () => {
  const { values } = commandArguments(
    process.argv.slice(2),
    {
      to: { type: 'string' },
      'images-to-s3': { type: 'boolean', default: false },
      force: { type: 'boolean', default: false },
    },
    0,
    USAGE,
  );
  if (!values.to || !/^postgres(ql)?:\/\/./.test(values.to)) throw new MoveError(`Where to? --to takes a postgres:// URL. Usage: ${USAGE}`);
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    throw new MoveError('DATABASE_URL is set, so this site is already on PostgreSQL: the move copies a PGlite site (DATA_DIR). Unset DATABASE_URL.');
  }
  if (values['images-to-s3'] && !config.s3) {
    throw new MoveError('--images-to-s3 needs the bucket: set S3_BUCKET (and S3_ENDPOINT, S3_REGION and the credentials as the server takes them, see README).');
  }
  await moveSite({
    dataDir: config.dataDir,
    to: values.to,
    ...(values['images-to-s3'] ? { s3: config.s3 } : {}),
    force: values.force ?? false,
    startFile: path.resolve(START_FILE),
    progress: terminalProgress(),
  });
});
