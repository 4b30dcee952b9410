import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPermissive, productionLicenses } from './licenses.ts';

describe('production dependency licenses', () => {
  it('reads SPDX expressions as a lawyer would', () => {
    expect(isPermissive('MIT')).toBe(true);
    expect(isPermissive('(MIT OR GPL-3.0-only)')).toBe(true);
    expect(isPermissive('Apache-2.0 AND LGPL-3.0-or-later')).toBe(false);
    expect(isPermissive('GPL-3.0-only')).toBe(false);
    expect(isPermissive('UNKNOWN')).toBe(false);
  });

  it('has no production dependency that is neither permissive nor accepted on purpose', () => {
    const lock = JSON.parse(fs.readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
    const rows = productionLicenses(lock);

    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((row) => !row.accepted).map((row) => `${row.name} ${row.license}`)).toEqual([]);
    expect(rows.find((row) => row.name === 'fastify')).toMatchObject({ license: 'MIT', permissive: true });
    expect(rows.find((row) => row.name === 'web-push')).toMatchObject({ permissive: false, accepted: true, decision: 'docs/decisions/020' });
  });
});
