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
  if (name === 'DATABASE_URL') return `${name}=${withoutPassword(value)}`;
  return `${name}=${value}`;
}

/** The URL with its password hidden, wherever it is given: after the user name (an `@` in it included) or as a parameter. */
function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = HIDDEN;
  for (const parameter of ['password', 'sslpassword']) if (url.searchParams.has(parameter)) url.searchParams.set(parameter, HIDDEN);
  return url.toString().replaceAll(encodeURIComponent(HIDDEN), HIDDEN);
}

/** The same lines with the secrets, in a file only its owner may read, ready for `set -a; . file; set +a`. */
export function writeStartFile(file: string, variables: [string, string][]): void {
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  // Made anew, never opened where it stands: a file left by an earlier run (or a link put there) would
  // keep its own mode, and the secrets would be readable until a chmod after the write.
  fs.rmSync(file, { force: true });
  const fd = fs.openSync(file, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, variables.map(([name, value]) => `${name}=${quote(value)}\n`).join(''));
  } finally {
    fs.closeSync(fd);
  }
}
