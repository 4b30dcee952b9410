import type { ItemDetail } from '@swapyard/contract';
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { DataDirLockedError, LOCK_FILE } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { itemImages, items, pointEntries, users } from '../db/schema/index.ts';
import { buildSeedingApp } from '../demo/seeding-app.ts';
import { listening, killAllServers, startServer } from '../test/crash/server-process.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { png } from '../test/images.ts';
import { createItem, imageFiles } from '../test/items.ts';
import { registerMember, send, sessionCookieOf } from '../test/members.ts';
import { multipart } from '../test/multipart.ts';
import { answer, createProposal } from '../test/proposals.ts';
import { BACKED_UP, BackupError, createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

// PGlite's data directory only: the postgres project leaves this file out (pg-dump.postgres.test.ts is its route).
const quiet = { warn: () => undefined };
/** For the tests that open several data directories or start processes: seconds each on a busy machine. */
const SLOW_MS = 60_000;
const dirs: string[] = [];
let template: string;

// Migrating a new data directory takes seconds; copying a migrated one, milliseconds.
beforeAll(async () => {
  template = tempDir('template');
  await (await openDatabase({ engine: 'pglite', dataDir: template }, quiet)).close();
});
afterEach(async () => {
  await killAllServers();
});
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `swapyard-${name}-`));
  dirs.push(dir);
  return dir;
}

/** A data directory with an empty, migrated database in it. */
function dataDirectory(name = 'data'): string {
  const dir = tempDir(name);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

/** Every file under `dir` (but the lock) with a hash of its bytes: equal digests, equal trees. */
function treeDigest(dir: string): Record<string, string> {
  const digest: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === LOCK_FILE) continue;
    const file = path.join(entry.parentPath, entry.name);
    digest[path.relative(dir, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return digest;
}

const appOn = (dataDir: string) => buildSeedingApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));

/** Members with photos, listings with images, a points-and-item swap and a picture in a chat, made through the API. */
async function smallWorld(dataDir: string): Promise<{ item: ItemDetail; email: string; password: string }> {
  const app = await appOn(dataDir);
  try {
    const ann = await registerMember(app, { displayName: 'Ann Archer' });
    const ben = await registerMember(app, { displayName: 'Ben Baker' });
    const photo = multipart({}, [{ field: 'photo', name: 'ann.png', bytes: await png(), type: 'image/png' }]);
    await send(app, 'PUT', '/api/me/photo', { cookie: ann.cookie, body: photo.body, headers: { 'content-type': photo.contentType } });
    const lamp = await createItem(app, ann, { title: 'Brass lamp' }, await imageFiles(2));
    const desk = await createItem(app, ann, { title: 'Writing desk' });
    const stool = await createItem(app, ben, { title: 'Kitchen stool' });
    const proposal = await createProposal(app, ben, desk.id, { offerItemId: stool.id, pointsOffer: 25 });
    expect((await answer(app, ann, proposal.id, 'accept')).statusCode).toBe(200);
    const chat = (await send(app, 'POST', '/api/conversations', { cookie: ben.cookie, body: { otherUserId: ann.user.id, itemId: lamp.id } })).json();
    const picture = multipart({ clientId: randomUUID(), text: 'Like this?' }, [{ field: 'image', name: 'mine.png', bytes: await png(), type: 'image/png' }]);
    const sent = await send(app, 'POST', `/api/conversations/${chat.conversation.id}/images`, {
      cookie: ben.cookie,
      body: picture.body,
      headers: { 'content-type': picture.contentType },
    });
    expect(sent.statusCode).toBe(200);
    return { item: lamp, email: ann.user.email, password: ann.password };
  } finally {
    await app.close();
  }
}

async function rowsOf(dataDir: string) {
  const handle = await openDatabase({ engine: 'pglite', dataDir }, quiet);
  try {
    const { db } = handle;
    return {
      fingerprint: await fingerprint(db),
      members: (await db.select({ id: users.id }).from(users)).map((row) => row.id).sort(),
      listings: (await db.select({ id: items.id }).from(items)).map((row) => row.id).sort(),
      ledger: (await db.select({ id: pointEntries.id, reason: pointEntries.reason }).from(pointEntries)).sort((a, b) => a.id.localeCompare(b.id)),
      images: (await db.select({ key: itemImages.storageKey }).from(itemImages)).map((row) => row.key).sort(),
    };
  } finally {
    await handle.close();
  }
}

describe('backup and restore of a PGlite data directory', () => {
  it('restores every member, listing, ledger entry and image into a fresh directory', async () => {
    const dataDir = dataDirectory();
    const backups = tempDir('backups');
    const world = await smallWorld(dataDir);
    const before = await rowsOf(dataDir);
    // A backup holds the database and the uploads; the outbox's mails (sent without SMTP) are not state.
    const files = Object.fromEntries(Object.entries(treeDigest(dataDir)).filter(([file]) => BACKED_UP.some((folder) => file.startsWith(`${folder}/`))));

    const archive = await createBackup(dataDir, backups, new Date('2025-06-01T09:30:00.000Z'));

    expect(archive).toBe(path.join(backups, 'swapyard-backup-2025-06-01T09-30-00-000Z.tar.gz'));
    expect(fs.readdirSync(backups)).toEqual([path.basename(archive)]);
    const restoredDir = path.join(tempDir('restore'), 'data');
    await restoreBackup(archive, restoredDir);

    expect(treeDigest(restoredDir)).toEqual(files);
    const after = await rowsOf(restoredDir);
    expect(after).toEqual(before);
    expect(after.members).toHaveLength(2);
    expect(after.listings).toHaveLength(3);
    expect(after.ledger.map((entry) => entry.reason).sort()).toEqual(['signup_bonus', 'signup_bonus', 'swap_paid', 'swap_received']);
    expect(after.images).toHaveLength(4);
    expect(Object.keys(files).filter((file) => file.startsWith('uploads/'))).toHaveLength(2 * (4 + 1 + 1));

    // And a member signs in to the restored server and sees their listing's picture, byte for byte.
    const app = await appOn(restoredDir);
    try {
      const login = await send(app, 'POST', '/api/auth/login', { body: { email: world.email, password: world.password } });
      expect(login.statusCode).toBe(200);
      const cookie = sessionCookieOf(login);
      const item = (await send(app, 'GET', `/api/items/${world.item.id}`, { cookie })).json<{ item: ItemDetail }>().item;
      const image = await send(app, 'GET', item.images[0]!.url, { cookie });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(fs.readFileSync(path.join(dataDir, 'uploads', item.images[0]!.url.replace('/api/images/', ''))))).toBe(true);
    } finally {
      await app.close();
    }
  }, SLOW_MS);

  it('refuses while the server has the directory, on one line, and backs up once it has stopped', async () => {
    const dataDir = dataDirectory();
    const backups = tempDir('backups');
    const server = startServer({ DATA_DIR: dataDir });
    await listening(server);

    const command = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./backup-command.ts', import.meta.url)), backups], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    command.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => command.once('exit', resolve));

    expect(code).toBe(1);
    expect(stderr).toBe(
      `The data directory ${dataDir} is in use by another Swapyard process (pid ${server.pid}). ` +
        'Stop that process first, or set DATA_DIR to another directory.\n',
    );
    await expect(createBackup(dataDir, backups)).rejects.toThrow(DataDirLockedError);
    expect(fs.readdirSync(backups)).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).toBe(String(server.pid));

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const archive = await createBackup(dataDir, backups);
    expect(fs.readdirSync(backups)).toEqual([path.basename(archive)]);
  }, SLOW_MS);

  it('restores into a directory that is not empty only with --force, replacing its database and uploads', async () => {
    const source = dataDirectory('source');
    fs.mkdirSync(path.join(source, 'uploads'));
    fs.writeFileSync(path.join(source, 'uploads', 'from-the-backup.txt'), 'kept');
    const target = dataDirectory('target');
    const handle = await openDatabase({ engine: 'pglite', dataDir: target }, quiet);
    await handle.db.insert(users).values({ email: 'someone@example.com', passwordHash: 'x', displayName: 'Someone' });
    await handle.close();
    fs.mkdirSync(path.join(target, 'uploads'));
    fs.writeFileSync(path.join(target, 'uploads', 'replaced.txt'), 'gone');
    fs.writeFileSync(path.join(target, 'notes.txt'), 'the operator’s own file');
    const archive = await createBackup(source, tempDir('backups'));
    const untouched = treeDigest(target);

    const refused = restoreBackup(archive, target);

    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(
      `Refusing to restore into ${target}: it is not empty (notes.txt, pgdata, uploads). ` +
        'Restore into an empty directory, or add --force to replace its database and uploads.',
    );
    expect(treeDigest(target)).toEqual(untouched);

    await restoreBackup(archive, target, { force: true });

    const within = (tree: Record<string, string>, folder: string) =>
      Object.entries(tree).filter(([file]) => file.startsWith(`${folder}${path.sep}`));
    const restored = treeDigest(target);
    for (const folder of ['pgdata', 'uploads']) expect(within(restored, folder)).toEqual(within(treeDigest(source), folder));
    expect(fs.readFileSync(path.join(target, 'notes.txt'), 'utf8')).toBe('the operator’s own file');
  }, SLOW_MS);

  it('refuses a damaged archive, or a file that is not one, and restores nothing', async () => {
    const archive = await createBackup(dataDirectory('source'), tempDir('backups'));
    const damaged = path.join(tempDir('damaged'), 'cut-short.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length * 0.9)));
    const notOne = fileURLToPath(import.meta.url);
    const target = path.join(tempDir('target'), 'data');

    for (const file of [damaged, notOne]) {
      await expect(restoreBackup(file, target)).rejects.toThrow(`${file} is damaged or not a Swapyard backup, so nothing was restored`);
      expect(fs.readdirSync(target)).toEqual([]);
    }
  });
});
