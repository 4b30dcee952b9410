import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { buildSeedingApp } from '../demo/seeding-app.ts';
import { LocalStorage } from '../storage/local-storage.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { createItem } from '../test/items.ts';
import { registerMember } from '../test/members.ts';
import { answer, createProposal } from '../test/proposals.ts';
import { openTestDatabase } from '../test/test-database.ts';

// docs/backups.md's PostgreSQL route, command for command: pg_dump while the app runs, pg_restore into an empty database.
const run = promisify(execFile);
const quiet = { warn: () => undefined };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('the pg_dump route', () => {
  it('restores every row of a dump taken while the app runs into an empty database', async () => {
    const source = await openTestDatabase();
    const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-pgdump-'));
    const app = await buildSeedingApp(loadConfig({ LOG_LEVEL: 'silent' }), { database: source, storage: new LocalStorage(uploads) });
    cleanups.push(async () => {
      await app.close();
      fs.rmSync(uploads, { recursive: true, force: true });
    });
    const ann = await registerMember(app);
    const ben = await registerMember(app);
    const desk = await createItem(app, ann, { title: 'Writing desk' });
    const proposal = await createProposal(app, ben, desk.id, { pointsOffer: 30 });
    expect((await answer(app, ann, proposal.id, 'accept')).statusCode).toBe(200);
    const dump = path.join(uploads, 'swapyard.dump');

    await run('pg_dump', ['--format=custom', `--file=${dump}`, source.url!]);
    const name = `swapyard_restore_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    await run('pg_restore', ['--no-owner', `--dbname=${url.toString()}`, dump]);

    // The restored database opens as the server opens it (its migrations already applied), holding the same rows.
    const restored = await openDatabase({ engine: 'postgres', url: url.toString() }, quiet);
    try {
      expect(await fingerprint(restored.db)).toBe(await fingerprint(source.db));
    } finally {
      await restored.close();
    }
  });
});
