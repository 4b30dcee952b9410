import { TEXT } from '@swapyard/contract';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { auditLog, users } from '../db/schema/index.ts';
import { buildSeedingApp } from '../demo/seeding-app.ts';
import { registerMember } from '../test/members.ts';

// PGlite's data directory only: the postgres project leaves this file out (admin-command.postgres.test.ts is its route).
const SLOW_MS = 60_000;
const command = fileURLToPath(new URL('./admin-command.ts', import.meta.url));
let dataDir: string;
let adminEmail: string;
let memberEmail: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-admin-command-'));
  const app = await buildSeedingApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    adminEmail = (await registerMember(app, { displayName: 'Founder' })).user.email;
    memberEmail = (await registerMember(app, { displayName: 'Helper' })).user.email;
  } finally {
    await app.close();
  }
}, SLOW_MS);
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', command, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function stored() {
  const database = await openDatabase({ engine: 'pglite', dataDir }, { warn: () => undefined });
  try {
    return {
      roles: Object.fromEntries((await database.db.select({ email: users.email, role: users.role }).from(users)).map((row) => [row.email, row.role])),
      audit: await database.db.select().from(auditLog),
    };
  } finally {
    await database.close();
  }
}

describe('npm run admin -- role', () => {
  it('gives the role, says so in one line, and records it in the audit log', async () => {
    const result = await run('role', memberEmail.toUpperCase(), 'admin');

    expect(result).toEqual({ code: 0, stdout: `${memberEmail} is now an admin (was a member).\n`, stderr: '' });
    const { roles, audit } = await stored();
    expect(roles[memberEmail]).toBe('admin');
    expect(audit).toEqual([
      expect.objectContaining({ actorName: 'Command line (npm run admin)', action: 'role_changed', targetLabel: 'Helper', details: { from: 'member', to: 'admin' } }),
    ]);
  }, SLOW_MS);

  it('refuses an unknown email, an unknown role, a missing argument and demoting the last admin, each on one line', async () => {
    const before = await stored();

    const results = await Promise.all([
      run('role', 'nobody@example.com', 'moderator'),
      run('role', memberEmail, 'owner'),
      run('role', memberEmail),
    ]);
    await run('role', adminEmail, 'member');
    const lastAdmin = await run('role', memberEmail, 'member');

    expect(results.map(({ code, stdout }) => ({ code, stdout }))).toEqual(Array(3).fill({ code: 1, stdout: '' }));
    expect(results.map(({ stderr }) => stderr)).toEqual([
      'No account has the email nobody@example.com.\n',
      "Unknown role 'owner': use one of member, moderator, admin.\n",
      'Usage: npm run admin -- role <email> <admin|moderator|member>\n',
    ]);
    expect(lastAdmin).toEqual({ code: 1, stdout: '', stderr: `${TEXT.roles.lastAdminDemote}\n` });
    expect((await stored()).roles).toEqual({ ...before.roles, [adminEmail]: 'member' });
  }, SLOW_MS);

  it('refuses with one line while a server has the data directory, changing nothing', async () => {
    const server = await openDatabase({ engine: 'pglite', dataDir }, { warn: () => undefined });
    let result;
    try {
      result = await run('role', adminEmail, 'admin');
    } finally {
      await server.close();
    }

    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        `The data directory ${dataDir} is in use by another Swapyard process (pid ${process.pid}). ` +
        'Stop that process first, or set DATA_DIR to another directory.\n',
    });
    expect((await stored()).roles[adminEmail]).toBe('member');
  }, SLOW_MS);
});
