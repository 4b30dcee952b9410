import { TEXT, type ItemPage, type MemberDetail, type Notification, type Proposal } from '@swapyard/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, suspensions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { createItem } from '../../test/items.ts';
import { expectLedgerWhole } from '../../test/ledger.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { createProposal, propose } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';
import { signInRefusal } from './service.ts';

let test: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  test = await buildTestApp();
  app = test.app;
});
afterAll(async () => {
  await app.close();
});

const db = () => app.services.database.db;
const t = TEXT.suspensions;

const suspend = (actor: Member, member: Member, body: unknown = { duration: '7d', reason: 'Scam listings' }) =>
  send(app, 'POST', `/api/admin/members/${member.user.id}/suspension`, { cookie: actor.cookie, body });
const lift = (actor: Member, member: Member, body: unknown = { reason: 'Appeal accepted' }) =>
  send(app, 'POST', `/api/admin/members/${member.user.id}/suspension/lift`, { cookie: actor.cookie, body });
const signIn = (member: Member) => send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password: member.password } });
const get = async <T>(member: Member, url: string) => {
  const response = await send(app, 'GET', url, { cookie: member.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const marketplaceTitles = async (viewer: Member, q: string) =>
  (await get<ItemPage>(viewer, `/api/items?q=${encodeURIComponent(q)}`)).items.map((item) => item.title);

describe('suspending a member', () => {
  it('ends their sessions, refuses their sign-in with the end date, hides their listings and withdraws their proposals, writing no ledger entry', async () => {
    const admin = await registerWithRole(app, 'admin', 'Ada Admin');
    const member = await registerMember(app, { displayName: 'Sus Pect' });
    const other = await registerMember(app, { displayName: 'Olive Other' });
    const tag = `tag${Date.now()}`;
    const theirs = await createItem(app, member, { title: `Suspect lamp ${tag}` });
    const others = await createItem(app, other, { title: `Other kettle ${tag}` });
    const received = await createProposal(app, other, theirs.id, { pointsOffer: 5 });
    const sent = await createProposal(app, member, others.id, { pointsOffer: 10 });
    const totalBefore = await expectLedgerWhole(db());
    const pointsBefore = (await get<{ user: { points: number } }>(member, '/api/me')).user.points;

    const response = await suspend(admin, member);

    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{ member: MemberDetail }>().member;
    expect(detail.activeSuspension).toMatchObject({ reason: 'Scam listings', by: { id: admin.user.id, displayName: 'Ada Admin' }, active: true });
    const endsAt = new Date(detail.activeSuspension!.endsAt!);
    expect(endsAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    expect((await send(app, 'GET', '/api/me', { cookie: member.cookie })).statusCode).toBe(401);
    const refused = await signIn(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: signInRefusal(endsAt) } });
    expect(signInRefusal(endsAt)).toMatch(/^Your account is suspended until \d{1,2} [A-Z][a-z]+ \d{4}\.$/);

    expect(await marketplaceTitles(other, tag)).toEqual([`Other kettle ${tag}`]);
    expect((await send(app, 'GET', `/api/items/${theirs.id}`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await get<ItemPage>(other, `/api/users/${member.user.id}/items`)).items).toEqual([]);
    expect((await propose(app, other, theirs.id)).statusCode).toBe(400);

    expect((await get<{ proposal: Proposal }>(other, `/api/proposals/${received.id}`)).proposal.status).toBe('declined');
    expect((await get<{ proposal: Proposal }>(other, `/api/proposals/${sent.id}`)).proposal.status).toBe('cancelled');
    const { notifications } = await get<{ notifications: Notification[] }>(other, '/api/notifications');
    expect(notifications.map((notification) => notification.description)).toEqual(
      expect.arrayContaining([t.receivedWithdrawn({ item: theirs.title }), t.sentWithdrawn({ item: others.title })]),
    );

    expect(await expectLedgerWhole(db())).toBe(totalBefore);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.targetId, member.user.id));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      action: 'member_suspended',
      targetType: 'user',
      targetUserId: member.user.id,
      targetLabel: 'Sus Pect',
      reason: 'Scam listings',
      details: { duration: '7d', until: endsAt.toISOString() },
    });

    const lifted = await lift(admin, member);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json<{ member: MemberDetail }>().member).toMatchObject({
      activeSuspension: null,
      suspensions: [{ active: false, liftedBy: { id: admin.user.id } }],
    });
    const back = await signIn(member);
    expect(back.statusCode).toBe(200);
    expect(back.json<{ user: { points: number } }>().user.points).toBe(pointsBefore);
    expect((await marketplaceTitles(other, tag)).sort()).toEqual([`Other kettle ${tag}`, `Suspect lamp ${tag}`]);
    expect((await db().select().from(auditLog).where(eq(auditLog.targetId, member.user.id))).map((row) => row.action).sort()).toEqual([
      'member_suspended',
      'suspension_lifted',
    ]);
  });

  it('until lifted says so at sign-in, and a password reset does not let them in', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const member = await registerMember(app);

    expect((await suspend(moderator, member, { duration: 'indefinite', reason: 'Harassment' })).statusCode).toBe(200);
    await send(app, 'POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
    await app.services.jobs.runDue();
    const token = /\/reset-password\/([\w-]+)/.exec(test.mails.findLast((mail) => mail.to === member.user.email)?.text ?? '')?.[1];
    const password = 'a fresh new secret';
    const reset = await send(app, 'POST', '/api/auth/reset-password', { body: { token, password, confirmPassword: password } });

    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.filter((cookie) => cookie.name.endsWith('swapyard_session') && cookie.value)).toEqual([]);
    const refused = await send(app, 'POST', '/api/auth/login', { body: { email: member.user.email, password } });
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: t.signInIndefinite } });
  });

  it('ends by itself when its time is past: sign-in works and the listings are back', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const member = await registerMember(app);
    const viewer = await registerMember(app);
    const tag = `past${Date.now()}`;
    await createItem(app, member, { title: `Bike ${tag}` });
    await suspend(moderator, member, { duration: '1d', reason: 'Cooling off' });
    expect(await marketplaceTitles(viewer, tag)).toEqual([]);

    await db().update(suspensions).set({ endsAt: sql`now() - interval '1 second'` }).where(eq(suspensions.userId, member.user.id));

    expect(await marketplaceTitles(viewer, tag)).toEqual([`Bike ${tag}`]);
    expect((await signIn(member)).statusCode).toBe(200);
    expect((await get<{ member: MemberDetail }>(moderator, `/api/admin/members/${member.user.id}`)).member.activeSuspension).toBeNull();
  });
});

describe('who may suspend whom', () => {
  it('refuses a moderator acting on an admin or on themselves, and changes nothing', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const admin = await registerWithRole(app, 'admin');
    const before = await fingerprint(app);

    const onAdmin = await suspend(moderator, admin);
    const onSelf = await suspend(moderator, moderator);
    const liftSelf = await lift(admin, admin);

    expect(onAdmin.json()).toEqual({ error: { code: 'FORBIDDEN', message: t.notAnAdmin } });
    expect(onSelf.json()).toEqual({ error: { code: 'FORBIDDEN', message: t.notYourself } });
    expect(liftSelf.json()).toEqual({ error: { code: 'FORBIDDEN', message: t.notYourself } });
    expect(await fingerprint(db())).toBe(before);
    expect((await get<{ member: MemberDetail }>(moderator, `/api/admin/members/${admin.user.id}`)).member.canAct).toBe(false);
  });

  it('lets an admin suspend a moderator', async () => {
    const admin = await registerWithRole(app, 'admin');
    const moderator = await registerWithRole(app, 'moderator');
    expect((await get<{ member: MemberDetail }>(admin, `/api/admin/members/${moderator.user.id}`)).member.canAct).toBe(true);

    expect((await suspend(admin, moderator)).statusCode).toBe(200);
    expect((await send(app, 'GET', '/api/me', { cookie: moderator.cookie })).statusCode).toBe(401);
  });

  it('answers a member 404, as if the routes did not exist', async () => {
    const member = await registerMember(app);
    const target = await registerMember(app);
    expect((await suspend(member, target)).statusCode).toBe(404);
    expect((await lift(member, target)).statusCode).toBe(404);
    expect((await send(app, 'GET', `/api/admin/members/${target.user.id}`, { cookie: member.cookie })).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('needs a reason and a known duration, refuses a second suspension and a lift of none, and knows no stranger', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const member = await registerMember(app);
    const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string } }).error;

    expect(errorOf(await suspend(moderator, member, { duration: '7d', reason: '   ' })).message).toBe(t.reasonRequired);
    expect(errorOf(await suspend(moderator, member, { duration: '2d', reason: 'Spam' })).message).toBe(t.durationRequired);
    expect(errorOf(await lift(moderator, member, {})).message).toBe(t.reasonRequired);
    expect(errorOf(await lift(moderator, member))).toEqual({ code: 'CONFLICT', message: t.notSuspended });
    expect((await suspend(moderator, member)).statusCode).toBe(200);
    expect(errorOf(await suspend(moderator, member))).toEqual({ code: 'CONFLICT', message: t.alreadySuspended });
    const stranger = { ...member, user: { ...member.user, id: '00000000-0000-4000-8000-000000000000' } };
    expect((await suspend(moderator, stranger)).statusCode).toBe(404);
    expect((await send(app, 'GET', '/api/admin/members/not-an-id', { cookie: moderator.cookie })).statusCode).toBe(400);
  });

  it('shows the member, their suspensions and the open reports about them', async () => {
    const moderator = await registerWithRole(app, 'moderator', 'Mo Derator');
    const member = await registerMember(app, { displayName: 'Rita Reported' });
    await suspend(moderator, member, { duration: '1d', reason: 'First' });
    await lift(moderator, member, { reason: 'Mistake' });
    await suspend(moderator, member, { duration: '30d', reason: 'Second' });

    const { member: detail } = await get<{ member: MemberDetail }>(moderator, `/api/admin/members/${member.user.id}`);

    expect(detail).toMatchObject({
      id: member.user.id,
      displayName: 'Rita Reported',
      email: member.user.email,
      role: 'member',
      openReports: 0,
      canAct: true,
      activeSuspension: { reason: 'Second', by: { displayName: 'Mo Derator' } },
    });
    expect(detail.suspensions.map((suspension) => [suspension.reason, suspension.active])).toEqual([
      ['Second', true],
      ['First', false],
    ]);
  });
});
