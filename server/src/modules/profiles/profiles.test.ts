import { TEXT } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send } from '../../test/members.ts';

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildTestApp());
});
afterEach(async () => {
  await app.close();
});

describe('profiles', () => {
  it("shows another member's public profile and items, never their email or points; a newcomer has no swaps, ratings or reply time", async () => {
    const viewer = await registerMember(app);
    const owner = await registerMember(app, { displayName: 'Priya Patel', email: 'priya@example.com' });
    await createItem(app, owner, { title: 'Tent' });
    await createItem(app, owner, { title: 'Stove' });

    const response = await send(app, 'GET', `/api/users/${owner.user.id}`, { cookie: viewer.cookie });
    const listed = await send(app, 'GET', `/api/users/${owner.user.id}/items`, { cookie: viewer.cookie });

    expect(response.json().profile).toEqual({
      id: owner.user.id,
      displayName: 'Priya Patel',
      photoUrl: null,
      bio: '',
      location: '',
      place: null,
      averageRating: 0,
      ratingCount: 0,
      itemCount: 2,
      createdAt: owner.user.createdAt,
      trust: { completedSwaps: 0, replyMinutes: null },
    });
    expect(response.body).not.toContain('priya@example.com');
    expect(listed.json().items.map((item: { title: string }) => item.title)).toEqual(['Stove', 'Tent']);
  });

  it('lets a member edit their own name, location and bio, with the texts of the form', async () => {
    const member = await registerMember(app);

    const saved = await send(app, 'PATCH', '/api/me', {
      cookie: member.cookie,
      body: { displayName: '  Sam Swapper ', location: 'Cardiff', bio: 'I fix bikes.' },
    });
    const blank = await send(app, 'PATCH', '/api/me', { cookie: member.cookie, body: { displayName: ' ', location: '', bio: '' } });

    expect(saved.json().user).toMatchObject({ displayName: 'Sam Swapper', location: 'Cardiff', bio: 'I fix bikes.' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(TEXT.account.nameRequired);
    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).json().user.displayName).toBe('Sam Swapper');
  });

  it('answers an unknown member with Member not found, and strangers with 401', async () => {
    const member = await registerMember(app);

    const unknown = await send(app, 'GET', '/api/users/00000000-0000-4000-8000-000000000000', { cookie: member.cookie });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(TEXT.profile.notFound);
    expect((await send(app, 'GET', `/api/users/${member.user.id}`)).statusCode).toBe(401);
    expect((await send(app, 'PATCH', '/api/me', { body: { displayName: 'X', location: '', bio: '' } })).statusCode).toBe(401);
  });
});
