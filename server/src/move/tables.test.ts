import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { printableLine, writeStartFile } from './start-lines.ts';
import { tablesInDependencyOrder } from './tables.ts';

let database: DatabaseHandle;
// A move's source is always PGlite, so this runs on PGlite in the PostgreSQL suite as well.
beforeAll(async () => {
  database = await openDatabase({ engine: 'pglite-memory' }, { warn: () => undefined });
});
afterAll(async () => {
  await database?.close();
});

describe('the tables a move copies', () => {
  it('are every table of the schema, each after the tables its foreign keys name', async () => {
    const client = database.pglite!;
    const { rows: all } = await client.query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by 1`);
    const { rows: keys } = await client.query<{ child: string; parent: string }>(
      `select conrelid::regclass::text as child, confrelid::regclass::text as parent from pg_constraint where contype = 'f' and conrelid <> confrelid`,
    );

    const order = (await tablesInDependencyOrder(client)).map((table) => table.name);

    expect([...order].sort()).toEqual(all.map((row) => row.tablename));
    expect(keys.length).toBeGreaterThan(0);
    for (const { child, parent } of keys) expect(order.indexOf(parent), `${parent} before ${child}`).toBeLessThan(order.indexOf(child));
  });

  it('leave generated columns for the target to compute, and fill self-references in a second pass', async () => {
    const tables = new Map((await tablesInDependencyOrder(database.pglite!)).map((table) => [table.name, table]));

    expect(tables.get('items')!.columns).not.toContain('kind');
    expect(tables.get('proposals')!.selfReferences).toEqual(['countered_from_id']);
  });
});

describe('the start-up lines the move prints', () => {
  it('go with their secrets into a file its owner alone can read, even where an earlier run left a readable one', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-start-file-'));
    try {
      const file = path.join(dir, 'swapyard-move.env');
      fs.writeFileSync(file, 'old\n', { mode: 0o644 });
      writeStartFile(file, [['DATABASE_URL', "postgres://swapyard:it's@db.example/swapyard"]]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toBe("DATABASE_URL='postgres://swapyard:it'\\''s@db.example/swapyard'\n");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('hide the database password and the S3 secret key, and nothing else', () => {
    expect(printableLine(['DATABASE_URL', 'postgres://swapyard:s3cr%40t@db.example:5432/swapyard'])).toBe(
      'DATABASE_URL=postgres://swapyard:********@db.example:5432/swapyard',
    );
    expect(printableLine(['DATABASE_URL', 'postgresql://db.example/swapyard'])).toBe('DATABASE_URL=postgresql://db.example/swapyard');
    // An unescaped @ in the password, and a password given as a parameter, stay hidden too.
    expect(printableLine(['DATABASE_URL', 'postgres://swapyard:p@ss@db.example/swapyard'])).toBe('DATABASE_URL=postgres://swapyard:********@db.example/swapyard');
    expect(printableLine(['DATABASE_URL', 'postgres://swapyard@db.example/swapyard?password=s3cret&sslmode=require'])).toBe(
      'DATABASE_URL=postgres://swapyard@db.example/swapyard?password=********&sslmode=require',
    );
    expect(printableLine(['S3_SECRET_ACCESS_KEY', 'abc'])).toBe('S3_SECRET_ACCESS_KEY=********');
    expect(printableLine(['S3_ACCESS_KEY_ID', 'AKIA123'])).toBe('S3_ACCESS_KEY_ID=AKIA123');
  });
});
