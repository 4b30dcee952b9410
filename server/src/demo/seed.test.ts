import { CATEGORIES, PROPOSAL_STATUSES } from '@swapyard/contract';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { conversations, favourites, itemImages, items, messages, notifications, pointEntries, proposals, ratings, savedSearches, users } from '../db/schema/index.ts';
import { fullKey, thumbKey } from '../modules/uploads/image-keys.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { registerMember, send } from '../test/members.ts';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, demoEmail, SUGGESTED_ACCOUNTS } from './community.ts';
import { memberCensus } from './repository.ts';
import { seedDemo, SeedRefusedError } from './seed.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function testApp() {
  const built = await buildTestApp();
  apps.push(built.app);
  return built;
}

/** A stored image as the image service wrote it: a WebP that decodes, with a thumbnail beside it. */
async function storedImage(uploadsDir: string, key: string) {
  const full = fs.readFileSync(path.join(uploadsDir, fullKey(key)));
  expect(fs.existsSync(path.join(uploadsDir, thumbKey(key)))).toBe(true);
  return sharp(full).stats();
}

// A whole community through the real services, image pipeline included: a seed takes seconds.
const SEED_TIMEOUT_MS = 60_000;

describe('the demo seed', () => {
  it('fills an empty database with a believable community, once', async () => {
    const { app, uploadsDir } = await testApp();
    const db = app.services.database.db;

    const outcome = await seedDemo(app);

    expect(outcome).toMatchObject({ seeded: true });
    const people = await db.select().from(users);
    expect(people.length).toBeGreaterThanOrEqual(12);
    for (const person of people) {
      expect(person.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`)).toBe(true);
      expect(person.bio.length).toBeGreaterThan(20);
      expect(person.location).not.toBe('');
      // Issue 17: on real towns, so distances work in the demo.
      expect(person.placeId).not.toBeNull();
      expect(person.photoUrl).toMatch(/^\/api\/images\/avatars\//);
      await storedImage(uploadsDir, person.photoUrl!.replace('/api/images/', '').replace(/\.webp$/, ''));
    }

    const listings = await db.select({ id: items.id, category: items.category, status: items.status, placeId: items.placeId }).from(items);
    expect(listings.every((item) => item.placeId !== null)).toBe(true);
    expect(listings.length).toBeGreaterThanOrEqual(60);
    expect(listings.filter((item) => item.status === 'available').length).toBeGreaterThanOrEqual(60);
    expect(new Set(listings.map((item) => item.category))).toEqual(new Set(CATEGORIES));
    const images = await db.select().from(itemImages);
    expect(new Set(images.map((image) => image.itemId))).toEqual(new Set(listings.map((item) => item.id)));
    for (const image of images) {
      // A drawn scene, not a flat fill: its channels vary across the picture.
      const stats = await storedImage(uploadsDir, image.storageKey);
      expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(10);
    }

    const statuses = await db.select({ status: proposals.status, n: count() }).from(proposals).groupBy(proposals.status);
    // Every status but a reversal, which takes a reported problem and a moderator (demo/community.ts).
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(PROPOSAL_STATUSES.filter((status) => status !== 'reversed')));
    const accepted = await db.select({ id: proposals.id, completedAt: proposals.completedAt }).from(proposals).where(eq(proposals.status, 'accepted'));
    // Completed through both members' confirms, so the profiles' trust block counts them.
    expect(accepted.every((row) => row.completedAt !== null)).toBe(true);
    const rated = await db.selectDistinct({ id: ratings.proposalId }).from(ratings);
    expect(new Set(rated.map((row) => row.id))).toEqual(new Set(accepted.map((row) => row.id)));
    const swaps = await db.select({ n: count() }).from(pointEntries).where(sql`${pointEntries.reason} <> 'signup_bonus'`);
    expect(swaps[0]?.n).toBeGreaterThan(0);

    // Some members saved listings; a saved one that was swapped told its saver.
    expect((await db.select({ n: count() }).from(favourites))[0]?.n).toBeGreaterThanOrEqual(10);
    const swappedNotices = await db.select({ n: count() }).from(notifications).where(eq(notifications.type, 'favourite'));
    expect(swappedNotices[0]?.n).toBeGreaterThan(0);

    // Saved searches that the listings matched as they were listed, each told to its member at once.
    expect((await db.select({ n: count() }).from(savedSearches))[0]?.n).toBeGreaterThanOrEqual(5);
    const alerts = await db.select({ n: count() }).from(notifications).where(eq(notifications.type, 'saved_search'));
    expect(alerts[0]?.n).toBeGreaterThanOrEqual(4);

    const threads = await db
      .select({ id: conversations.id, n: count(messages.id) })
      .from(conversations)
      .leftJoin(messages, eq(messages.conversationId, conversations.id))
      .groupBy(conversations.id);
    expect(threads.length).toBeGreaterThanOrEqual(6);
    expect(threads.every((thread) => thread.n >= 1)).toBe(true);
    expect(threads.filter((thread) => thread.n >= 3).length).toBeGreaterThanOrEqual(5);
    const pictureMessages = await db.select({ key: messages.imageKey }).from(messages).where(isNotNull(messages.imageKey));
    expect(pictureMessages.length).toBeGreaterThanOrEqual(1);

    // The README's accounts sign in with the README's password, and have something waiting.
    for (const key of SUGGESTED_ACCOUNTS) {
      const login = await send(app, 'POST', '/api/auth/login', { body: { email: demoEmail(key), password: DEMO_PASSWORD } });
      expect(login.statusCode).toBe(200);
    }
    // Maya runs it; everyone joined long enough ago to be past the new members' limits.
    const roles = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.role, 'admin'));
    expect(roles).toEqual([{ email: demoEmail('maya'), role: 'admin' }]);
    const [newest] = await db.select({ days: sql<number>`min(extract(day from now() - ${users.createdAt}))::int` }).from(users);
    expect(newest?.days).toBeGreaterThanOrEqual(90);

    const before = await fingerprint(db);
    expect(await seedDemo(app)).toEqual({ seeded: false });
    expect(await fingerprint(db)).toBe(before);
  }, SEED_TIMEOUT_MS);

  it('refuses a database with a real member and changes nothing; --force adds the community beside them', async () => {
    const { app } = await testApp();
    const db = app.services.database.db;
    await registerMember(app, { email: 'neighbour@example.org' });
    const before = await fingerprint(db);

    const refused = seedDemo(app);

    await expect(refused).rejects.toThrow(SeedRefusedError);
    await expect(refused).rejects.toThrow(
      'Refusing to seed: this database has 1 member who is not a demo member; run the seed with --force to add the demo community anyway.',
    );
    expect(await fingerprint(db)).toBe(before);

    expect(await seedDemo(app, { force: true })).toMatchObject({ seeded: true });
    expect(await memberCensus(db, DEMO_EMAIL_DOMAIN)).toEqual({ demo: 12, others: 1 });
  }, SEED_TIMEOUT_MS);
});
