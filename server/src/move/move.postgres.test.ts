import { PutObjectCommand } from '@aws-sdk/client-s3';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { DEMO_PASSWORD, demoEmail, SUGGESTED_ACCOUNTS } from '../demo/community.ts';
import { buildSeedingApp } from '../demo/seeding-app.ts';
import { seedDemo } from '../demo/seed.ts';
import { http as request } from '../test/crash/load.ts';
import { createStore, killAllServers, listening, startServer, type CrashStore } from '../test/crash/server-process.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { connectS3Client, S3Storage } from '../storage/s3-storage.ts';
import { startS3, type TestS3 } from '../test/s3.ts';
import { addSiteLoad } from '../test/site-load.ts';
import { localImageKeys } from './images.ts';

const moveScript = fileURLToPath(new URL('./move-command.ts', import.meta.url));
/** By its path: the move runs in a directory of its own (it writes its start-up file there), where `tsx` alone would not resolve. */
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const quiet = { warn: () => undefined };
/** The test server trusts local connections, so a password in the URL is accepted and ignored: enough to see it is never printed. */
const PASSWORD = 'never-printed-7c1e';

let source: CrashStore;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAllServers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await source?.dispose();
});

beforeAll(async () => {
  source = await createStore('pglite');
  const app = await buildSeedingApp(loadConfig({ DATA_DIR: source.dataDir, LOG_LEVEL: 'silent' }));
  try {
    await seedDemo(app);
    await addSiteLoad(app.services.database.db, { listings: 10_000 });
  } finally {
    await app.close();
  }
}, 180_000);

async function emptyTarget(): Promise<{ store: CrashStore; url: string }> {
  const store = await createStore('postgres');
  cleanups.push(() => store.dispose());
  const url = new URL(store.env.DATABASE_URL!);
  url.password = PASSWORD;
  return { store, url: url.toString() };
}

async function bucket(name: string): Promise<TestS3> {
  const s3 = await startS3(name);
  cleanups.push(() => s3.stop());
  return s3;
}

interface MoveRun {
  child: ReturnType<typeof spawn>;
  output(): string;
  exited: Promise<number | null>;
  /** Where it was run: the start-up file is written here. */
  cwd: string;
}

/** `npm run move` as an operator runs it: a process of its own, output to a pipe (no terminal, so step lines only). */
function move(args: string[], env: Record<string, string> = {}): MoveRun {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-move-cwd-'));
  cleanups.push(async () => fs.rmSync(cwd, { recursive: true, force: true }));
  const child = spawn(process.execPath, ['--import', tsx, moveScript, ...args], {
    cwd,
    env: { PATH: process.env.PATH, DATA_DIR: source.dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, cwd };
}

async function sourceFingerprint(): Promise<string> {
  const database = await openDatabase({ engine: 'pglite', dataDir: source.dataDir }, quiet);
  try {
    await database.pglite!.exec(`set time zone 'UTC'`);
    return await fingerprint(database.db);
  } finally {
    await database.close();
  }
}

async function targetFingerprint(url: string): Promise<string> {
  const pinned = new URL(url);
  pinned.searchParams.set('options', '-c TimeZone=UTC');
  const database = await openDatabase({ engine: 'postgres', url: pinned.toString() }, quiet);
  try {
    return await fingerprint(database.db);
  } finally {
    await database.close();
  }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const sha256 = (bytes: ArrayBuffer | Uint8Array) => createHash('sha256').update(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).digest('hex');

/** What a demo member sees on signing in: their balance, their listings and pictures, their conversations. */
async function memberView(origin: string) {
  const signIn = await request(origin, 'POST', '/api/auth/login', {
    json: { email: demoEmail(SUGGESTED_ACCOUNTS[0]!), password: DEMO_PASSWORD, remember: false },
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.setCookie.map((c) => c.split(';')[0]!).find((c) => c.split('=')[0]!.endsWith('swapyard_session'))!;
  const read = async <T>(url: string): Promise<T> => {
    const response = await request(origin, 'GET', url, { cookie });
    expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body as T;
  };
  const me = await read<{ user: { id: string; points: number; photoUrl: string | null } }>('/api/me');
  const listings = await read<{ items: { image: { url: string; thumbUrl: string } | null }[] }>(`/api/users/${me.user.id}/items`);
  const conversations = await read<unknown>('/api/conversations');
  const pictures: Record<string, string> = {};
  const listingPictures = listings.items.flatMap(({ image }) => (image ? [image.url, image.thumbUrl] : []));
  for (const url of [me.user.photoUrl!, ...listingPictures]) {
    const response = await fetch(`${origin}${url}`, { headers: { cookie } });
    expect(response.status, url).toBe(200);
    pictures[url] = sha256(await response.arrayBuffer());
  }
  return { me: me.user, listings, conversations, pictures };
}

async function viewOn(env: Record<string, string>) {
  const server = startServer(env);
  const view = await memberView(await listening(server));
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  return view;
}

/** The file of start-up variables the move wrote, as the environment it describes. */
function startFile(run: MoveRun): Record<string, string> {
  const file = path.join(run.cwd, 'swapyard-move.env');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const lines = fs.readFileSync(file, 'utf8').trim().split('\n');
  return Object.fromEntries(lines.map((line) => /^([A-Z0-9_]+)='(.*)'$/.exec(line)!.slice(1, 3) as [string, string]));
}

/**
 * A way to the bucket that lets `uploads` objects through and then stops answering, as a network does
 * when it drops mid-move; `stalled` resolves when the first request after them is held.
 */
async function stallingProxy(s3: TestS3, uploads: number): Promise<{ endpoint: string; stalled: Promise<void> }> {
  const upstream = new URL(s3.endpoint);
  let passed = 0;
  let inFlight = 0;
  let stall!: () => void;
  const stalled = new Promise<void>((resolve) => (stall = resolve));
  const held: http.ServerResponse[] = [];
  // Stalled once a request is held and every upload let through has been answered: those are whole in the bucket.
  const settle = () => {
    if (held.length > 0 && inFlight === 0) stall();
  };
  const server = http.createServer((incoming, outgoing) => {
    const upload = incoming.method === 'PUT';
    if (upload && passed >= uploads) {
      held.push(outgoing);
      settle();
      return;
    }
    if (upload) {
      passed++;
      inFlight++;
    }
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.once('end', () => {
          if (!upload) return;
          inFlight--;
          settle();
        });
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    for (const response of held) response.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stalled };
}

describe('npm run move', () => {
  it('moves a seeded, busy PGlite site to PostgreSQL and S3, where a member finds everything as it was', async () => {
    const before = await viewOn({ DATA_DIR: source.dataDir });
    expect(before.listings.items.length).toBeGreaterThan(0);
    expect(Object.keys(before.pictures).length).toBeGreaterThan(0);
    const sourceBefore = await sourceFingerprint();
    const { url } = await emptyTarget();
    const s3 = await bucket('swapyard-moved');

    const run = move(['--to', url, '--images-to-s3'], s3.env);

    expect(await run.exited, run.output()).toBe(0);
    const output = run.output();
    expect(output).toMatch(/^ {2}rows: \d+ tables, each with as many rows as in the source/m);
    expect(output).toMatch(/^ {2}points: [\d,]+ balances, each equal to its ledger sum; the ledger's total [\d,]+ = the sum of balances$/m);
    expect(output).toMatch(/^ {2}images: [\d,]+ image files named by rows, every one in the bucket swapyard-moved$/m);
    expect(output).not.toContain(PASSWORD);
    expect(output).toContain('  S3_SECRET_ACCESS_KEY=********');
    expect(output).toContain(`  DATABASE_URL=${url.replace(PASSWORD, '********')}`);
    // Every table, every row, as the source has it: a table the move left out would differ here.
    expect(await targetFingerprint(url)).toBe(sourceBefore);
    expect(await sourceFingerprint()).toBe(sourceBefore);
    // The trigram indexes loaded through their pending lists are left as the migrations made them.
    expect(await query(url, `select relname, reloptions from pg_class where relname like 'items_%_trgm_idx' order by 1`)).toEqual([
      { relname: 'items_description_trgm_idx', reloptions: ['fastupdate=off'] },
      { relname: 'items_title_trgm_idx', reloptions: ['fastupdate=off'] },
    ]);
    expect(await s3.keys()).toEqual(localImageKeys(path.join(source.dataDir, 'uploads')));

    const serverDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-moved-'));
    cleanups.push(async () => fs.rmSync(serverDir, { recursive: true, force: true }));
    const after = await viewOn({ ...startFile(run), DATA_DIR: serverDir });
    expect(after).toEqual(before);
  }, 240_000);

  it('runs again after the image copy was cut off, skipping what reached the bucket whole, and ends verified', async () => {
    const { url } = await emptyTarget();
    const s3 = await bucket('swapyard-resumed');
    const proxy = await stallingProxy(s3, 10);
    const first = move(['--to', url, '--images-to-s3'], { ...s3.env, S3_ENDPOINT: proxy.endpoint });
    await Promise.race([proxy.stalled, first.exited.then(() => Promise.reject(new Error(`the move ended first:\n${first.output()}`)))]);
    first.child.kill('SIGKILL');
    await first.exited;
    const copied = await s3.keys();
    expect(copied).toHaveLength(10);
    // Images go first: the database is still as it was, so the run can simply be made again.
    expect(await query(url, `select tablename from pg_tables where schemaname = 'public'`)).toEqual([]);
    // One object arrived cut short (as a server without Content-MD5 checks might keep it): the next run must replace it.
    const client = await connectS3Client(s3.config);
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: copied[0], Body: Buffer.from('RIFF'), ContentType: 'image/webp' }));
    client.destroy();

    const second = move(['--to', url, '--images-to-s3'], s3.env);

    expect(await second.exited, second.output()).toBe(0);
    const all = localImageKeys(path.join(source.dataDir, 'uploads'));
    expect(second.output()).toContain(`Images: ${all.length - 9} uploaded, 9 already in the bucket (skipped).`);
    expect(second.output()).toMatch(/^Verified:$/m);
    expect(await s3.keys()).toEqual(all);
    const storage = await S3Storage.connect(s3.config);
    const stored = await buffer((await storage.get(copied[0]!))!);
    storage.close();
    expect(sha256(stored)).toBe(sha256(fs.readFileSync(path.join(source.dataDir, 'uploads', copied[0]!))));
  }, 120_000);

  it('refuses a target that is not empty and changes nothing; with --force it empties it and moves', async () => {
    const { url } = await emptyTarget();
    await query(url, `create table notes (body text); insert into notes values ('keep me')`);

    const refused = move(['--to', url]);

    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(
      'Refusing to move: the target database is not empty (it holds 1 table of something other than a Swapyard site). ' +
        'Move into an empty database, or run the move again with --force to delete everything in its public schema first. Nothing was changed.',
    );
    expect(await query(url, `select tablename from pg_tables where schemaname = 'public'`)).toEqual([{ tablename: 'notes' }]);
    expect(await query(url, 'select body from notes')).toEqual([{ body: 'keep me' }]);
    expect(fs.existsSync(path.join(refused.cwd, 'swapyard-move.env'))).toBe(false);

    const forced = move(['--to', url, '--force']);

    expect(await forced.exited, forced.output()).toBe(0);
    expect(await query(url, `select to_regclass('public.notes') as notes`)).toEqual([{ notes: null }]);
    // Without --images-to-s3 the pictures stay in DATA_DIR/uploads, which the server keeps using.
    expect(forced.output()).toMatch(new RegExp(`^ {2}images: [\\d,]+ image files named by rows, every one in ${path.join(source.dataDir, 'uploads')}$`, 'm'));
    expect(startFile(forced)).toEqual({ DATABASE_URL: url, DATA_DIR: source.dataDir });

    const again = move(['--to', url]);
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/^Refusing to move: the target database is not empty \(it holds a Swapyard site with \d+ members\)/);
  }, 120_000);

  it('rolls the data back when the check finds a picture missing, leaving the target empty', async () => {
    // A copy of the site whose uploads lost one picture a row still names.
    const damaged = fs.mkdtempSync(path.join(os.tmpdir(), 'swapyard-move-damaged-'));
    cleanups.push(async () => fs.rmSync(damaged, { recursive: true, force: true }));
    fs.cpSync(source.dataDir, damaged, { recursive: true });
    const [lost] = localImageKeys(path.join(damaged, 'uploads'));
    fs.rmSync(path.join(damaged, 'uploads', lost!));
    const { url } = await emptyTarget();

    const run = move(['--to', url], { DATA_DIR: damaged });

    expect(await run.exited, run.output()).toBe(1);
    expect(run.output()).toContain('The move is not verified, and the target is left empty:');
    expect(run.output()).toContain(`image ${lost!} is named by a row but missing from the target storage`);
    expect(await query(url, 'select count(*)::int as members from users')).toEqual([{ members: 0 }]);
    expect(fs.existsSync(path.join(run.cwd, 'swapyard-move.env'))).toBe(false);
  }, 120_000);
});
