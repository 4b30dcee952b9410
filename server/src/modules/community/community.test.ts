import {
  TEXT,
  waitIn,
  type AuditActionName,
  type CommunitySettings,
  type CreatedInviteResponse,
  type InviteCheckResponse,
  type InviteSummary,
  type Role,
} from '@swapyard/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invites, pointEntries, users } from '../../db/schema/index.ts';
import type { Mail } from '../../mail/mailer.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { DEFAULT_COMMUNITY_SETTINGS } from '../../test/community.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { imageFiles, itemInput, postItem } from '../../test/items.ts';
import { registerMember, registration, send, type Member } from '../../test/members.ts';

const t = TEXT.community;

const DEFAULTS = DEFAULT_COMMUNITY_SETTINGS;

let app: FastifyInstance;
let mails: Mail[];
let admin: Member;

async function withRole(role: Role): Promise<Member> {
  const member = await registerMember(app);
  await app.services.database.db.update(users).set({ role }).where(eq(users.id, member.user.id));
  return member;
}

const putSettings = (changes: Partial<CommunitySettings>, as: Member = admin) =>
  send(app, 'PUT', '/api/admin/settings', { cookie: as.cookie, body: { ...DEFAULTS, ...changes } });

async function createInvite(as: Member, body = { maxUses: 1, expiresInDays: 7 }): Promise<CreatedInviteResponse> {
  const response = await send(app, 'POST', '/api/admin/invites', { cookie: as.cookie, body });
  expect(response.statusCode).toBe(201);
  return response.json<CreatedInviteResponse>();
}

const registerWith = (overrides: Parameters<typeof registration>[0] = {}) =>
  send(app, 'POST', '/api/auth/register', { body: registration(overrides) });

const auditOf = (action: AuditActionName, targetId: string) =>
  app.services.database.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

beforeAll(async () => {
  ({ app, mails } = await buildTestApp());
  admin = await withRole('admin');
});
afterAll(async () => {
  await app.close();
});
// Settings are the whole community's: every test leaves them as it found them.
afterEach(async () => {
  expect((await putSettings({})).statusCode).toBe(200);
});

describe('the public view of the community', () => {
  it('is readable signed out, says the defaults, and holds nothing of the domains or limits', async () => {
    const response = await send(app, 'GET', '/api/community');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ community: { name: 'Swapyard', description: '', rules: '', joinMode: 'open' } });
  });

  it('shows what an admin saved', async () => {
    await putSettings({ name: 'Elm Street Swaps', description: 'Neighbours trading', rules: 'Be **kind**.', joinMode: 'domain', allowedDomains: ['elm.example'] });
    const { community } = (await send(app, 'GET', '/api/community')).json<{ community: Record<string, unknown> }>();
    expect(community).toEqual({ name: 'Elm Street Swaps', description: 'Neighbours trading', rules: 'Be **kind**.', joinMode: 'domain' });
  });
});

describe('community settings', () => {
  it('are read and changed by an admin, and the change is in the audit log with the fields it changed', async () => {
    const saved = await putSettings({ name: '  Riverside Swaps ', welcomePoints: 250, allowedDomains: ['Example.ORG', '@example.org'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ settings: CommunitySettings }>().settings).toMatchObject({ name: 'Riverside Swaps', welcomePoints: 250, allowedDomains: ['example.org'] });
    const read = await send(app, 'GET', '/api/admin/settings', { cookie: admin.cookie });
    expect(read.json<{ settings: CommunitySettings }>().settings.name).toBe('Riverside Swaps');

    const [entry] = await app.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings_changed'), sql`${auditLog.details} ? 'welcomePoints'`, eq(auditLog.targetLabel, 'Riverside Swaps')));
    expect(entry?.actorId).toBe(admin.user.id);
    expect(entry?.details).toEqual({
      name: { from: 'Swapyard', to: 'Riverside Swaps' },
      welcomePoints: { from: 100, to: 250 },
      allowedDomains: { from: [], to: ['example.org'] },
    });
  });

  it('are an admin matter: a moderator is told so and changes nothing, a member is answered 404', async () => {
    const moderator = await withRole('moderator');
    const member = await registerMember(app);
    const before = await fingerprint(app);

    for (const response of [await send(app, 'GET', '/api/admin/settings', { cookie: moderator.cookie }), await putSettings({ name: 'Mine' }, moderator)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: TEXT.errors.adminsOnly } });
    }
    expect((await putSettings({ name: 'Mine' }, member)).statusCode).toBe(404);
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });

  it.each([
    [{ name: '' }, t.nameRequired],
    [{ name: 'x'.repeat(61) }, t.nameTooLong({ max: 60 })],
    [{ welcomePoints: -1 }, t.wholeNumber({ field: 'Welcome points', min: 0, max: 10_000 })],
    [{ welcomePoints: 2.5 }, t.wholeNumber({ field: 'Welcome points', min: 0, max: 10_000 })],
    [{ newMemberListingsPerDay: 1_001 }, t.wholeNumber({ field: 'Listings a day', min: 0, max: 1_000 })],
    [{ joinMode: 'domain' as const, allowedDomains: [] }, t.domainsRequired],
    [{ allowedDomains: ['not a domain'] }, t.domainInvalid({ domain: 'not a domain' })],
  ])('refuses %j with 400 and its text', async (changes, message) => {
    const response = await putSettings(changes);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message } });
  });
});

describe('welcome points', () => {
  it('welcome members who join after a change with the new amount; earlier members keep theirs', async () => {
    const earlier = await registerMember(app);
    await putSettings({ welcomePoints: 250 });
    const later = await registerMember(app);

    expect(later.user.points).toBe(250);
    const [bonus] = await app.services.database.db.select().from(pointEntries).where(eq(pointEntries.userId, later.user.id));
    expect(bonus).toMatchObject({ amount: 250, reason: 'signup_bonus', balanceAfter: 250 });
    const [kept] = await app.services.database.db.select({ points: users.points }).from(users).where(eq(users.id, earlier.user.id));
    expect(kept?.points).toBe(100);
  });
});

describe('mails', () => {
  it('carry the community name', async () => {
    const member = await registerMember(app);
    await putSettings({ name: 'Harbour Swaps' });
    await send(app, 'POST', '/api/auth/forgot-password', { body: { email: member.user.email } });
    await app.services.jobs.runDue();
    const mail = mails.find((sent) => sent.to === member.user.email);
    expect(mail?.subject).toBe('Reset your Harbour Swaps password');
    expect(mail?.text).not.toContain('Swapyard');
  });
});

describe('joining by invite only', () => {
  it('refuses a registration without an invite, and lets one in with a link, which is then used up', async () => {
    await putSettings({ joinMode: 'invite' });
    const refused = await registerWith();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: t.inviteRequired } });

    const { token, invite } = await createInvite(admin);
    expect(invite).toMatchObject({ uses: 0, maxUses: 1, status: 'active', createdByName: admin.user.displayName });
    const stored = await app.services.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(stored[0]?.tokenHash).not.toBe(token);
    expect((await send(app, 'GET', `/api/invites/${token}`)).json<InviteCheckResponse>()).toEqual({ status: 'active' });

    expect((await registerWith({ invite: token })).statusCode).toBe(201);
    const again = await registerWith({ invite: token });
    expect(again.statusCode).toBe(403);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(t.inviteUsedUp);
    expect((await send(app, 'GET', `/api/invites/${token}`)).json<InviteCheckResponse>()).toEqual({ status: 'used_up' });
    expect((await auditOf('invite_created', invite.id))[0]?.actorId).toBe(admin.user.id);
  });

  it('gives the use back when the registration fails for another reason', async () => {
    const taken = await registerMember(app);
    await putSettings({ joinMode: 'invite' });
    const { token, invite } = await createInvite(admin);
    expect((await registerWith({ invite: token, email: taken.user.email })).statusCode).toBe(409);
    const [row] = await app.services.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row?.uses).toBe(0);
  });

  it('lets the last use go to one of two registrations racing for it', async () => {
    await putSettings({ joinMode: 'invite' });
    const { token, invite } = await createInvite(admin, { maxUses: 2, expiresInDays: 1 });
    expect((await registerWith({ invite: token })).statusCode).toBe(201);
    const raced = await Promise.all([registerWith({ invite: token }), registerWith({ invite: token })]);
    expect(raced.map((response) => response.statusCode).sort()).toEqual([201, 403]);
    const [row] = await app.services.database.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row?.uses).toBe(2);
  });

  it('says why an expired, revoked or unknown link does not work', async () => {
    const moderator = await withRole('moderator');
    await putSettings({ joinMode: 'invite' });
    const expired = await createInvite(moderator);
    await app.services.database.db.update(invites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invites.id, expired.invite.id));
    const revoked = await createInvite(moderator);
    const revokedResponse = await send(app, 'POST', `/api/admin/invites/${revoked.invite.id}/revoke`, { cookie: moderator.cookie });
    expect(revokedResponse.json<{ invite: InviteSummary }>().invite.status).toBe('revoked');
    expect(await auditOf('invite_revoked', revoked.invite.id)).toHaveLength(1);
    // Revoking again changes nothing, and is not recorded twice.
    await send(app, 'POST', `/api/admin/invites/${revoked.invite.id}/revoke`, { cookie: moderator.cookie });
    expect(await auditOf('invite_revoked', revoked.invite.id)).toHaveLength(1);

    for (const [token, message, status] of [
      [expired.token, t.inviteExpired, 'expired'],
      [revoked.token, t.inviteRevoked, 'revoked'],
      ['no-such-invite', t.inviteUnknown, 'unknown'],
    ] as const) {
      const response = await registerWith({ invite: token });
      expect(response.statusCode).toBe(403);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(message);
      expect((await send(app, 'GET', `/api/invites/${token}`)).json<InviteCheckResponse>()).toEqual({ status });
    }

    const listed = (await send(app, 'GET', '/api/admin/invites', { cookie: moderator.cookie })).json<{ invites: InviteSummary[] }>();
    const byId = new Map(listed.invites.map((invite) => [invite.id, invite.status]));
    expect(byId.get(expired.invite.id)).toBe('expired');
    expect(byId.get(revoked.invite.id)).toBe('revoked');
  });

  it('hides the invite routes from members and answers 404 for an invite that does not exist', async () => {
    const member = await registerMember(app);
    expect((await send(app, 'GET', '/api/admin/invites', { cookie: member.cookie })).statusCode).toBe(404);
    const missing = await send(app, 'POST', '/api/admin/invites/00000000-0000-4000-8000-000000000000/revoke', { cookie: admin.cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: t.inviteNotFound } });
    const bad = await send(app, 'POST', '/api/admin/invites', { cookie: admin.cookie, body: { maxUses: 0, expiresInDays: 7 } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('joining by email domain', () => {
  it('admits addresses at a listed domain in any case, and names the rule to others', async () => {
    await putSettings({ joinMode: 'domain', allowedDomains: ['example.org', 'elm.example'] });
    expect((await registerWith({ email: `Someone-${String(Date.now())}@EXAMPLE.org` })).statusCode).toBe(201);
    const refused = await registerWith({ email: 'someone@example.com' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Only email addresses at example.org, elm.example can join this community.',
    );
  });
});

describe("new members' daily limits", () => {
  let limited: FastifyInstance;
  let limitedAdmin: Member;

  beforeAll(async () => {
    ({ app: limited } = await buildTestApp({}, { newMemberLimits: true }));
    limitedAdmin = await registerMember(limited);
    await limited.services.database.db.update(users).set({ role: 'admin', createdAt: new Date(Date.now() - 30 * 86_400_000) }).where(eq(users.id, limitedAdmin.user.id));
    const saved = await send(limited, 'PUT', '/api/admin/settings', {
      cookie: limitedAdmin.cookie,
      body: { ...DEFAULTS, newMemberListingsPerDay: 2, newMemberConversationsPerDay: 1 },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => {
    await limited.close();
  });

  const list = async (member: Member) => postItem(limited, member, itemInput(), await imageFiles(1));

  it('refuses a new member a listing past the limit with 429, a text that says when, and Retry-After', async () => {
    const newcomer = await registerMember(limited);
    expect((await list(newcomer)).statusCode).toBe(201);
    expect((await list(newcomer)).statusCode).toBe(201);
    const before = await fingerprint(limited);

    const refused = await list(newcomer);

    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(86_000);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: t.listingLimit({ limit: 2, ...waitIn(retryAfter) }) } });
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('New members can list 2 items a day. You can list more in 24 hours.');
    expect(await fingerprint(limited.services.database.db)).toBe(before);
  });

  it('lifts when the member is no longer new', async () => {
    const newcomer = await registerMember(limited);
    for (let i = 0; i < 2; i++) await list(newcomer);
    await limited.services.database.db.update(users).set({ createdAt: new Date(Date.now() - 2 * 86_400_000 - 1000) }).where(eq(users.id, newcomer.user.id));
    expect((await list(newcomer)).statusCode).toBe(201);
  });

  it('says the limit lifts when the member stops being new, if that comes first', async () => {
    const newcomer = await registerMember(limited);
    for (let i = 0; i < 2; i++) await list(newcomer);
    // Joined 47 hours ago: new for one more hour, well before the day's listings leave the window.
    await limited.services.database.db.update(users).set({ createdAt: new Date(Date.now() - 47 * 3_600_000) }).where(eq(users.id, newcomer.user.id));
    const refused = await list(newcomer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe('New members can list 2 items a day. You can list more in 1 hour.');
  });

  it('counts listings sent at the same moment one after another', async () => {
    const newcomer = await registerMember(limited);
    const statuses = (await Promise.all([list(newcomer), list(newcomer), list(newcomer)])).map((response) => response.statusCode);
    expect(statuses.sort()).toEqual([201, 201, 429]);
  });

  it('counts conversations the new member starts, not ones they reopen or others start with them', async () => {
    const newcomer = await registerMember(limited);
    const others = await Promise.all([registerMember(limited), registerMember(limited), registerMember(limited)]);
    const open = (from: Member, to: Member) =>
      send(limited, 'POST', '/api/conversations', { cookie: from.cookie, body: { otherUserId: to.user.id, itemId: null } });

    expect((await open(others[0]!, newcomer)).statusCode).toBe(200);
    expect((await open(newcomer, others[1]!)).statusCode).toBe(200);
    expect((await open(newcomer, others[1]!)).statusCode).toBe(200);
    expect((await open(newcomer, others[0]!)).statusCode).toBe(200);

    const refused = await open(newcomer, others[2]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'New members can start 1 conversation a day. You can start more in 24 hours.',
    );
  });
});
