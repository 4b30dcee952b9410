import { TEXT, type AdminMember, type AdminMemberPage, type CurrentUser } from '@swapyard/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, users } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { registerMember, registration, send, sessionCookieOf, type Member } from '../../test/members.ts';
import { giveRole, registerWithRole } from '../../test/roles.ts';
import { openSocket } from '../../test/sockets.ts';

let app: FastifyInstance;
let firstAdmin: Member;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  await app.listen({ host: '127.0.0.1', port: 0 });
  firstAdmin = await registerMember(app, { displayName: 'First Admin' });
});
afterAll(async () => {
  await app.close();
});

const roleOf = async (id: string) =>
  (await app.services.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const changeRole = (actor: Member, target: string, role: unknown) =>
  send(app, 'PUT', `/api/admin/members/${target}/role`, { cookie: actor.cookie, body: { role } });
const list = (actor: Member, query = '') => send(app, 'GET', `/api/admin/members${query}`, { cookie: actor.cookie });
const deleteAccount = (member: Member) => send(app, 'POST', '/api/me/delete', { cookie: member.cookie, body: { password: member.password } });

/** Every admin's role given back but the first's, so each test starts with one admin. */
afterEach(async () => {
  const db = app.services.database.db;
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  for (const { id } of admins) if (id !== firstAdmin.user.id) await db.update(users).set({ role: 'member' }).where(eq(users.id, id));
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, firstAdmin.user.id));
});

describe('the first account', () => {
  it('on an empty site is its admin and is told so; everyone after is a member', async () => {
    const { app: fresh } = await buildTestApp();
    try {
      const first = await send(fresh, 'POST', '/api/auth/register', { body: registration() });
      const second = await send(fresh, 'POST', '/api/auth/register', { body: registration() });

      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ user: { role: 'admin' }, message: TEXT.roles.firstAdminWelcome });
      expect(second.json()).toMatchObject({ user: { role: 'member' }, message: TEXT.account.registered });
      const me = await send(fresh, 'GET', '/api/me', { cookie: sessionCookieOf(first) });
      expect(me.json<{ user: CurrentUser }>().user.role).toBe('admin');
    } finally {
      await fresh.close();
    }
  });

  it('is one admin when several register at the same moment', async () => {
    const { app: fresh } = await buildTestApp();
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => send(fresh, 'POST', '/api/auth/register', { body: registration() })));

      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const roles = answers.map((answer) => answer.json<{ user: CurrentUser }>().user.role);
      expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
      const stored = await fresh.services.database.db.select({ role: users.role }).from(users);
      expect(stored.filter((row) => row.role === 'admin')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('the members list', () => {
  it('shows moderators and admins every open account, newest first, in pages, found by name or email', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: Member[] = [];
    for (let i = 0; i < 3; i++) made.push(await registerMember(app, { displayName: `Listed ${tag} ${i}` }));
    const byEmail = await registerMember(app, { email: `found-${tag}@example.com` });
    const moderator = await registerWithRole(app, 'moderator');

    const firstPage = (await list(moderator, `?q=${tag}&limit=2`)).json<AdminMemberPage>();
    const secondPage = (await list(moderator, `?q=${tag}&limit=2&cursor=${firstPage.nextCursor}`)).json<AdminMemberPage>();

    expect([...firstPage.members, ...secondPage.members].map((m) => m.id)).toEqual([byEmail, ...made.reverse()].map((m) => m.user.id));
    expect(secondPage.nextCursor).toBeNull();
    expect(firstPage.members[0]).toEqual({
      id: byEmail.user.id,
      displayName: byEmail.user.displayName,
      email: byEmail.user.email,
      role: 'member',
      createdAt: byEmail.user.createdAt,
    });
    const admins = await list(firstAdmin, `?q=FOUND-${tag}`);
    expect(admins.json<AdminMemberPage>().members.map((m) => m.id)).toEqual([byEmail.user.id]);
  });

  it('leaves former members out, and takes a search text literally', async () => {
    const tag = randomUUID().slice(0, 8);
    const leaver = await registerMember(app, { displayName: `Leaver ${tag}` });
    await registerMember(app, { displayName: `Stayer ${tag}` });
    expect((await deleteAccount(leaver)).statusCode).toBe(204);

    const names = (await list(firstAdmin, `?q=${tag}`)).json<AdminMemberPage>().members.map((m) => m.displayName);
    expect(names).toEqual([`Stayer ${tag}`]);
    expect((await list(firstAdmin, `?q=${encodeURIComponent(`%${tag}`)}`)).json<AdminMemberPage>().members).toEqual([]);
  });

  it('answers a member 404, as if it did not exist, and a malformed cursor 400', async () => {
    const member = await registerMember(app);

    expect((await list(member)).statusCode).toBe(404);
    expect((await list(firstAdmin, '?cursor=nonsense')).statusCode).toBe(400);
  });
});

describe('changing a role', () => {
  it('is an admin’s: recorded in the audit log with what it was and what it became, in effect at once, and told to the member’s open tabs', async () => {
    const member = await registerMember(app, { displayName: 'Promoted Person' });
    const tab = await openSocket(app, { cookie: member.cookie });

    const response = await changeRole(firstAdmin, member.user.id, 'moderator');

    expect(response.statusCode).toBe(200);
    expect(response.json<{ member: AdminMember }>().member).toMatchObject({ id: member.user.id, role: 'moderator' });
    expect((await list(member)).statusCode).toBe(200);
    const [entry] = await app.services.database.db.select().from(auditLog).where(eq(auditLog.targetId, member.user.id)).orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({
      actorId: firstAdmin.user.id,
      actorName: 'First Admin',
      action: 'role_changed',
      targetType: 'user',
      targetUserId: member.user.id,
      targetLabel: 'Promoted Person',
      details: { from: 'member', to: 'moderator' },
    });
    await vi.waitFor(() => {
      expect(tab.events).toContainEqual({ type: 'role.updated', data: { userId: member.user.id, role: 'moderator' } });
    });
    tab.socket.close();
  });

  it('is refused to a moderator (403) and hidden from a member (404), changing nothing', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const member = await registerMember(app);
    const before = await fingerprint(app);

    const byModerator = await changeRole(moderator, member.user.id, 'admin');
    const onSelf = await changeRole(moderator, moderator.user.id, 'admin');
    const onAdmin = await changeRole(moderator, firstAdmin.user.id, 'member');
    const byMember = await changeRole(member, member.user.id, 'admin');

    expect([byModerator, onSelf, onAdmin].map((r) => r.json())).toEqual(Array(3).fill({ error: { code: 'FORBIDDEN', message: TEXT.errors.adminsOnly } }));
    expect(byMember.statusCode).toBe(404);
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });

  it('does not demote the last admin, and names the way out', async () => {
    const before = await fingerprint(app);

    const response = await changeRole(firstAdmin, firstAdmin.user.id, 'moderator');

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(TEXT.roles.lastAdminDemote);
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });

  it('lets an admin step down while another admin stays', async () => {
    const second = await registerWithRole(app, 'admin');

    expect((await changeRole(second, second.user.id, 'member')).statusCode).toBe(200);
    expect(await roleOf(second.user.id)).toBe('member');
  });

  it('leaves one admin when two admins demote each other at the same moment', async () => {
    const second = await registerWithRole(app, 'admin');

    const answers = await Promise.all([changeRole(firstAdmin, second.user.id, 'member'), changeRole(second, firstAdmin.user.id, 'member')]);

    // The loser is refused as a demoted admin (403), or as the member it already is (404).
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, expect.toSatisfy((s: number) => s === 403 || s === 404)]);
    const roles = [await roleOf(firstAdmin.user.id), await roleOf(second.user.id)];
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    // Whoever lost was demoted first: give the first admin back for the next tests.
    await giveRole(app, firstAdmin, 'admin');
  });

  it('answers an unknown or former member 404 and a role that does not exist 400', async () => {
    const leaver = await registerMember(app);
    await deleteAccount(leaver);

    expect((await changeRole(firstAdmin, randomUUID(), 'moderator')).json().error.message).toBe(TEXT.roles.memberNotFound);
    expect((await changeRole(firstAdmin, leaver.user.id, 'moderator')).statusCode).toBe(404);
    expect((await changeRole(firstAdmin, 'not-an-id', 'moderator')).statusCode).toBe(400);
    expect((await changeRole(firstAdmin, leaver.user.id, 'owner')).statusCode).toBe(400);
  });
});

describe('the last admin deleting their account', () => {
  it('is refused with a text that says what to do, changing nothing', async () => {
    const before = await fingerprint(app);

    const response = await deleteAccount(firstAdmin);

    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(TEXT.roles.lastAdminDelete);
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });

  it('leaves one admin when the only two delete their accounts at the same moment', async () => {
    const one = await registerWithRole(app, 'admin');
    const two = await registerWithRole(app, 'admin');
    await giveRole(app, firstAdmin, 'member');

    const answers = await Promise.all([deleteAccount(one), deleteAccount(two)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
    const open = await app.services.database.db.select({ role: users.role, deletedAt: users.deletedAt }).from(users);
    expect(open.filter((row) => row.role === 'admin' && !row.deletedAt)).toHaveLength(1);
  });
});
