// `npm run licenses`: every production dependency with its license, and the ones that are not permissive.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const PERMISSIVE = new Set([
  'MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'BlueOak-1.0.0',
  'Unlicense', 'CC0-1.0', 'Zlib', 'Python-2.0',
]);

/**
 * Accepted on purpose (docs/decisions/005): sharp's prebuilt libvips is LGPL-3.0-or-later, loaded
 * as an unmodified shared library, which the LGPL allows in software under any license.
 */
const ACCEPTED: { name: RegExp; license: string }[] = [{ name: /^@img\/sharp-/, license: 'LGPL-3.0-or-later' }];

interface LockPackage {
  license?: string;
  dev?: boolean;
  link?: boolean;
  version?: string;
}

export interface LicenseRow {
  name: string;
  version: string;
  license: string;
  permissive: boolean;
  accepted: boolean;
}

/** An SPDX expression is permissive when every AND part is, and an OR needs one permissive choice. */
export function isPermissive(expression: string): boolean {
  const inner = expression.replace(/^\((.*)\)$/, '$1');
  if (inner.includes(' OR ')) return inner.split(' OR ').some((part) => isPermissive(part.trim()));
  return inner.split(' AND ').every((part) => PERMISSIVE.has(part.trim()));
}

function isAccepted(name: string, license: string): boolean {
  return license
    .split(' AND ')
    .every((part) => PERMISSIVE.has(part) || ACCEPTED.some((rule) => rule.name.test(name) && rule.license === part));
}

export function productionLicenses(lock: { packages: Record<string, LockPackage> }): LicenseRow[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && !entry.dev && !entry.link)
    .map(([path, entry]) => {
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const license = entry.license ?? 'UNKNOWN';
      const permissive = isPermissive(license);
      return { name, version: entry.version ?? '?', license, permissive, accepted: permissive || isAccepted(name, license) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
  const rows = productionLicenses(lock);
  for (const row of rows) {
    const mark = row.permissive ? '' : row.accepted ? '  (not permissive; accepted, see docs/decisions/005)' : '  NOT PERMISSIVE';
    console.log(`${row.name}@${row.version}  ${row.license}${mark}`);
  }
  const refused = rows.filter((row) => !row.accepted);
  console.log(`\n${rows.length} production packages; ${rows.filter((r) => !r.permissive).length} not permissive; ${refused.length} not accepted.`);
  process.exit(refused.length === 0 ? 0 : 1);
}
