import { MAX_IMAGE_BYTES, TEXT } from '@swapyard/contract';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { items } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { decompressionBomb, png, svg } from '../../test/images.ts';
import { createItem, itemInput, postItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';

let app: FastifyInstance;
let uploadsDir: string;
let member: Member;

beforeEach(async () => {
  ({ app, uploadsDir } = await buildTestApp());
  member = await registerMember(app);
});
afterEach(async () => {
  await app.close();
});

const storedFiles = () => fs.readdirSync(uploadsDir, { recursive: true }).filter((f) => String(f).endsWith('.webp'));

describe('image uploads', () => {
  it.each([
    ['an SVG', { name: 'logo.svg', bytes: svg, type: 'image/svg+xml' }, 415, TEXT.images.notAnImage],
    ['text named .jpg', { name: 'photo.jpg', bytes: Buffer.from('hello'), type: 'image/jpeg' }, 415, TEXT.images.notAnImage],
    ['a decompression bomb', { name: 'bomb.png', bytes: decompressionBomb(), type: 'image/png' }, 400, TEXT.images.tooManyPixels],
    [
      'a file over 10 MB',
      { name: 'huge.jpg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_IMAGE_BYTES)]), type: 'image/jpeg' },
      413,
      TEXT.images.tooLarge,
    ],
  ])('refuses %s next to a good image, and stores nothing', async (_name, bad, status, message) => {
    const good = { name: 'good.png', bytes: await png(), type: 'image/png' };

    const response = await postItem(app, member, itemInput(), [good, bad]);

    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code: expect.any(String), message } });
    expect((await app.services.database.db.select({ n: count() }).from(items))[0]?.n).toBe(0);
    expect(storedFiles()).toEqual([]);
  });

  it('refuses a path outside the stored keys, and images to signed-out visitors', async () => {
    const item = await createItem(app, member);

    expect((await send(app, 'GET', '/api/images/../../etc/passwd', { cookie: member.cookie })).statusCode).toBe(404);
    expect((await send(app, 'GET', '/api/images/items%2F..%2F..%2Fpasswd', { cookie: member.cookie })).statusCode).toBe(404);
    expect((await send(app, 'GET', item.images[0]!.url)).statusCode).toBe(401);
  });
});

describe('image addresses', () => {
  it("never carry the uploaded file's name, and a picture stored under an older key that did is still served", async () => {
    const form = multipart({}, [{ field: 'photo', name: 'passport-scan.png', bytes: await png(400, 400), type: 'image/png' }]);
    const response = await send(app, 'PUT', '/api/me/photo', { body: form.body, cookie: member.cookie, headers: { 'content-type': form.contentType } });
    const photoUrl = response.json().user.photoUrl as string;
    const older = `avatars/${member.user.id}/1700000000000-abc123-passport-scan.webp`;
    fs.mkdirSync(path.join(uploadsDir, path.dirname(older)), { recursive: true });
    fs.copyFileSync(path.join(uploadsDir, photoUrl.replace('/api/images/', '')), path.join(uploadsDir, older));

    expect(photoUrl).not.toContain('passport');
    expect(photoUrl).toMatch(new RegExp(`^/api/images/avatars/${member.user.id}/\\d{13}-[0-9a-f]{20}\\.webp$`));
    const served = await send(app, 'GET', `/api/images/${older}`, { cookie: member.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });
});

describe('profile photo', () => {
  it('stores a re-encoded avatar, shows it on the profile, and removes the one it replaces', async () => {
    const put = async () => {
      const form = multipart({}, [{ field: 'photo', name: 'Me At The Beach!.png', bytes: await png(800, 800), type: 'image/png' }]);
      return send(app, 'PUT', '/api/me/photo', { body: form.body, cookie: member.cookie, headers: { 'content-type': form.contentType } });
    };

    const first = (await put()).json().user.photoUrl as string;
    const second = (await put()).json().user.photoUrl as string;

    expect(second).toMatch(new RegExp(`^/api/images/avatars/${member.user.id}/\\d{13}-[0-9a-f]{20}\\.webp$`));
    expect((await send(app, 'GET', second, { cookie: member.cookie })).statusCode).toBe(200);
    expect((await send(app, 'GET', first, { cookie: member.cookie })).statusCode).toBe(404);
    const profile = (await send(app, 'GET', `/api/users/${member.user.id}`, { cookie: member.cookie })).json().profile;
    expect(profile.photoUrl).toBe(second);
    expect(storedFiles()).toHaveLength(2);
  });
});
