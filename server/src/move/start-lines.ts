import fs from 'node:fs';
import type { S3Config } from '../config.ts';

const HIDDEN = '********';

/** The variables a server needs to start on the moved site, secrets in clear: for the file only. */
export function startVariables(databaseUrl: string, images: { s3: S3Config } | { dataDir: string }): [string, string][] {
  const variables: [string, string][] = [['DATABASE_URL', databaseUrl]];
  if ('dataDir' in images) {
    variables.push(['DATA_DIR', images.dataDir]);
    return variables;
  }
  const { s3 } = images;
  variables.push(['S3_BUCKET', s3.bucket]);
  if (s3.endpoint) variables.push(['S3_ENDPOINT', s3.endpoint]);
  variables.push(['S3_REGION', s3.region]);
  if (s3.accessKeyId && s3.secretAccessKey) {
    variables.push(['S3_ACCESS_KEY_ID', s3.accessKeyId], ['S3_SECRET_ACCESS_KEY', s3.secretAccessKey]);
  }
  if (s3.forcePathStyle) variables.push(['S3_FORCE_PATH_STYLE', 'true']);
  return variables;
}

/** As printed: the database password and the S3 secret key never reach the screen, or whatever log the terminal is copied to. */
export function printableLine([name, value]: [string, string]): string {
  if (name === 'S3_SECRET_ACCESS_KEY') return `${name}=${HIDDEN}`;
  if (name === 'DATABASE_URL') return `${name}=${value.replace(/^(postgres(?:ql)?:\/\/[^:@/]*:)[^@/]*@/, `$1${HIDDEN}@`)}`;
  return `${name}=${value}`;
}

/** The same lines with the secrets, in a file only its owner may read, ready for `set -a; . file; set +a`. */
export function writeStartFile(file: string, variables: [string, string][]): void {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  fs.writeFileSync(file, variables.map(([name, value]) => `${name}=${quote(value)}\n`).join(''), { mode: 0o600 });
  // The mode above applies only to a new file; one left by an earlier run keeps its own otherwise.
  fs.chmodSync(file, 0o600);
}
