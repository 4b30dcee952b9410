import type { DeviceSession, Notification } from '@swapyard/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { png } from '../test/images.ts';
import { createItem } from '../test/items.ts';
import { registerMember, registration, send, type Member } from '../test/members.ts';
import { multipart } from '../test/multipart.ts';
import { createProposal } from '../test/proposals.ts';
import { registerStaff } from '../test/staff.ts';

/** What one route is called with, and who may do what. */
interface World {
  owner: Member;
  /** A third member with no part in any of it. */
  stranger: Member;
  partner: Member;
  itemId: string;
  imageUrl: string;
  proposalId: string;
  conversationId: string;
  notificationId: string;
  /** The address the owner asked to move to and has not confirmed yet. */
  pendingEmail: string;
  /** The public id of a second session of the owner's: another browser they signed in with. */
  ownerDeviceId: string;
  moderator: Member;
  admin: Member;
  /** The partner's message to the owner, which the owner reported. */
  messageId: string;
  /** A second listing of the owner's, which a moderator hid. */
  hiddenItemId: string;
}

type Actor = 'anonymous' | 'stranger' | 'rightful' | 'moderator' | 'admin';
type Body = { json: unknown } | { form: ReturnType<typeof multipart> };

interface Entry {
  path: (w: World) => string;
  body?: (w: World) => Body | Promise<Body>;
  /** Who, besides a signed-out visitor, is the route meant for: the owner of the object or its other party. */
  rightful?: 'owner' | 'partner';
  /** Moderators and admins are asked only where an entry says what they get. */
  expect: Record<'anonymous' | 'stranger' | 'rightful', number> & Partial<Record<'moderator' | 'admin', number>>;
}

const signedIn = (status: number) => ({ anonymous: 401, stranger: status, rightful: status });
const ownerOnly = (status: number) => ({ anonymous: 401, stranger: 403, rightful: status });
const anyone = (status: number) => ({ anonymous: status, stranger: status, rightful: status });
/** A moderators' route: a member is told it does not exist; the first staff call acts, the second may find it done. */
const staffOnly = (moderator: number, admin = moderator) => ({ anonymous: 401, stranger: 404, rightful: 404, moderator, admin });
const moderationReason = () => ({ json: { reason: 'Against the rules' } });
const photo = async (field: string): Promise<Body> => ({
  form: multipart({ clientId: randomUUID() }, [{ field, name: 'p.png', bytes: await png(40, 40), type: 'image/png' }]),
});
const itemForm = async (): Promise<Body> => ({
  form: multipart(
    { title: 'Lamp', description: '', category: 'Other', value: '5', location: 'Hull' },
    [{ name: 'p.png', bytes: await png(40, 40), type: 'image/png' }],
  ),
});

/**
 * Every route the server documents must stand here: a route added without an entry fails the test.
 * 'rightful' is the owner unless said otherwise; the stranger is a third, unrelated member.
 */
const MATRIX: Record<string, Entry> = {
  'GET /api/health': { path: () => '/api/health', expect: anyone(200) },
  'GET /api/ready': { path: () => '/api/ready', expect: anyone(200) },
  'POST /api/auth/register': { path: () => '/api/auth/register', body: () => ({ json: registration() }), expect: anyone(201) },
  'POST /api/auth/login': {
    path: () => '/api/auth/login',
    body: (w) => ({ json: { email: w.owner.user.email, password: 'not the password' } }),
    expect: anyone(401),
  },
  'POST /api/auth/logout': { path: () => '/api/auth/logout', expect: anyone(204) },
  'POST /api/auth/forgot-password': { path: () => '/api/auth/forgot-password', body: () => ({ json: { email: 'x@example.com' } }), expect: anyone(200) },
  'POST /api/auth/reset-password': {
    path: () => '/api/auth/reset-password',
    body: () => ({ json: { token: 'forged', password: 'long enough', confirmPassword: 'long enough' } }),
    expect: anyone(400),
  },
  'GET /api/me': { path: () => '/api/me', expect: signedIn(200) },
  'PATCH /api/me': { path: () => '/api/me', body: () => ({ json: { displayName: 'Renamed', location: '', bio: '' } }), expect: signedIn(200) },
  'POST /api/me/delete': {
    path: () => '/api/me/delete',
    body: (w) => ({ json: { password: w.owner.password } }),
    // It only ever deletes the caller's own account: the owner's password is not the stranger's.
    expect: { anonymous: 401, stranger: 400, rightful: 204 },
  },
  'PUT /api/me/photo': { path: () => '/api/me/photo', body: () => photo('photo'), expect: signedIn(200) },
  'POST /api/me/password': {
    path: () => '/api/me/password',
    // Only ever the caller's own password: the owner's is not the stranger's.
    body: (w) => ({ json: { currentPassword: w.owner.password, password: 'a brand new secret', confirmPassword: 'a brand new secret' } }),
    expect: { anonymous: 401, stranger: 400, rightful: 204 },
  },
  'GET /api/me/email-change': { path: () => '/api/me/email-change', expect: signedIn(200) },
  'POST /api/me/email-change': {
    path: () => '/api/me/email-change',
    body: (w) => ({ json: { email: `moved-${randomUUID()}@example.com`, currentPassword: w.owner.password } }),
    expect: { anonymous: 401, stranger: 400, rightful: 200 },
  },
  'DELETE /api/me/email-change': { path: () => '/api/me/email-change', expect: signedIn(204) },
  'POST /api/auth/confirm-email': { path: () => '/api/auth/confirm-email', body: () => ({ json: { token: 'forged' } }), expect: anyone(400) },
  'GET /api/me/sessions': { path: () => '/api/me/sessions', expect: signedIn(200) },
  'DELETE /api/me/sessions/{id}': {
    path: (w) => `/api/me/sessions/${w.ownerDeviceId}`,
    // Another member's session is as unknown to them as a made-up id.
    expect: { anonymous: 401, stranger: 404, rightful: 204 },
  },
  'POST /api/me/sessions/end-others': { path: () => '/api/me/sessions/end-others', expect: signedIn(204) },
  'GET /api/me/data': { path: () => '/api/me/data', expect: signedIn(200) },
  'GET /api/items': { path: () => '/api/items', expect: signedIn(200) },
  'POST /api/items': { path: () => '/api/items', body: itemForm, expect: signedIn(201) },
  'GET /api/items/{id}': { path: (w) => `/api/items/${w.itemId}`, expect: signedIn(200) },
  'PUT /api/items/{id}': { path: (w) => `/api/items/${w.itemId}`, body: itemForm, expect: ownerOnly(200) },
  'DELETE /api/items/{id}': { path: (w) => `/api/items/${w.itemId}`, expect: ownerOnly(204) },
  'GET /api/users/{id}': { path: (w) => `/api/users/${w.owner.user.id}`, expect: signedIn(200) },
  'GET /api/users/{id}/items': { path: (w) => `/api/users/${w.owner.user.id}/items`, expect: signedIn(200) },
  'GET /api/users/{id}/ratings': { path: (w) => `/api/users/${w.owner.user.id}/ratings`, expect: signedIn(200) },
  'GET /api/images/{*}': { path: (w) => w.imageUrl, expect: signedIn(200) },
  'GET /api/proposals': { path: () => '/api/proposals?box=received', expect: signedIn(200) },
  'POST /api/proposals': {
    path: () => '/api/proposals',
    body: (w) => ({ json: { itemId: w.itemId, message: 'Swap?', pointsOffer: 1 } }),
    rightful: 'partner',
    // The partner already has a pending proposal for it; the stranger may send a first one.
    expect: { anonymous: 401, stranger: 201, rightful: 409 },
  },
  'GET /api/proposals/{id}': { path: (w) => `/api/proposals/${w.proposalId}`, expect: ownerOnly(200) },
  'POST /api/proposals/{id}/accept': { path: (w) => `/api/proposals/${w.proposalId}/accept`, expect: ownerOnly(200) },
  'POST /api/proposals/{id}/decline': { path: (w) => `/api/proposals/${w.proposalId}/decline`, expect: ownerOnly(200) },
  'POST /api/proposals/{id}/cancel': { path: (w) => `/api/proposals/${w.proposalId}/cancel`, rightful: 'partner', expect: ownerOnly(200) },
  'POST /api/proposals/{id}/rating': {
    path: (w) => `/api/proposals/${w.proposalId}/rating`,
    body: () => ({ json: { stars: 5 } }),
    // Rating waits for an accepted swap; the point here is who gets past the access check.
    expect: ownerOnly(400),
  },
  'GET /api/notifications': { path: () => '/api/notifications', expect: signedIn(200) },
  'POST /api/notifications/{id}/read': { path: (w) => `/api/notifications/${w.notificationId}/read`, expect: { anonymous: 401, stranger: 404, rightful: 204 } },
  'POST /api/notifications/read-all': { path: () => '/api/notifications/read-all', expect: signedIn(204) },
  'GET /api/points/entries': { path: () => '/api/points/entries', expect: signedIn(200) },
  'GET /api/conversations': { path: () => '/api/conversations', expect: signedIn(200) },
  'POST /api/conversations': {
    path: () => '/api/conversations',
    body: (w) => ({ json: { otherUserId: w.owner.user.id } }),
    rightful: 'partner',
    expect: signedIn(200),
  },
  'GET /api/conversations/{id}': { path: (w) => `/api/conversations/${w.conversationId}`, expect: ownerOnly(200) },
  'GET /api/conversations/{id}/messages': { path: (w) => `/api/conversations/${w.conversationId}/messages`, expect: ownerOnly(200) },
  'POST /api/conversations/{id}/messages': {
    path: (w) => `/api/conversations/${w.conversationId}/messages`,
    body: () => ({ json: { clientId: randomUUID(), text: 'hello' } }),
    expect: ownerOnly(200),
  },
  'POST /api/conversations/{id}/images': { path: (w) => `/api/conversations/${w.conversationId}/images`, body: () => photo('image'), expect: ownerOnly(200) },
  'POST /api/conversations/{id}/read': { path: (w) => `/api/conversations/${w.conversationId}/read`, expect: ownerOnly(204) },
  'POST /api/reports': {
    path: () => '/api/reports',
    body: (w) => ({ json: { targetType: 'user', targetId: w.partner.user.id, reason: 'spam' } }),
    expect: signedIn(201),
  },
  'GET /api/admin/reports': { path: () => '/api/admin/reports', expect: staffOnly(200) },
  'POST /api/admin/reports/dismiss': {
    path: () => '/api/admin/reports/dismiss',
    body: (w) => ({ json: { targetType: 'message', targetId: w.messageId, reason: 'Fine' } }),
    expect: staffOnly(204, 409),
  },
  'POST /api/admin/reports/warn': {
    path: () => '/api/admin/reports/warn',
    body: (w) => ({ json: { targetType: 'message', targetId: w.messageId, reason: 'Be kind' } }),
    expect: staffOnly(204),
  },
  'POST /api/admin/items/{id}/hide': { path: (w) => `/api/admin/items/${w.itemId}/hide`, body: moderationReason, expect: staffOnly(204, 409) },
  'POST /api/admin/items/{id}/restore': {
    path: (w) => `/api/admin/items/${w.hiddenItemId}/restore`,
    body: moderationReason,
    expect: staffOnly(204, 409),
  },
  'POST /api/admin/messages/{id}/remove': {
    path: (w) => `/api/admin/messages/${w.messageId}/remove`,
    body: moderationReason,
    expect: staffOnly(204, 409),
  },
  'GET /api/admin/audit': { path: () => '/api/admin/audit', expect: staffOnly(200) },
};

let app: FastifyInstance;
let routes: string[];

beforeAll(async () => {
  ({ app } = await buildTestApp());
  await app.ready();
  const spec = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  await app.close();
});

async function makeWorld(): Promise<World> {
  // A password of the owner's own, so that knowing it signs in as no one else.
  const owner = await registerMember(app, { displayName: 'Owner', password: 'the owner alone knows' });
  const partner = await registerMember(app, { displayName: 'Partner' });
  const stranger = await registerMember(app, { displayName: 'Stranger' });
  const item = await createItem(app, owner);
  const proposal = await createProposal(app, partner, item.id, { pointsOffer: 10 });
  const { conversation } = (await send(app, 'POST', '/api/conversations', { cookie: partner.cookie, body: { otherUserId: owner.user.id } })).json();
  const sent = await send(app, 'POST', `/api/conversations/${conversation.id}/messages`, {
    cookie: partner.cookie,
    body: { clientId: randomUUID(), text: 'Private words' },
  });
  const messageId: string = sent.json().message.id;
  await send(app, 'POST', '/api/reports', { cookie: owner.cookie, body: { targetType: 'message', targetId: messageId, reason: 'harassment' } });
  const moderator = await registerStaff(app, 'moderator');
  const admin = await registerStaff(app, 'admin');
  const hidden = await createItem(app, owner);
  await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: admin.cookie, body: { reason: 'Hidden for the matrix' } });
  const notifications: Notification[] = (await send(app, 'GET', '/api/notifications', { cookie: owner.cookie })).json().notifications;
  const pendingEmail = `pending-${randomUUID()}@example.com`;
  await send(app, 'POST', '/api/me/email-change', { cookie: owner.cookie, body: { email: pendingEmail, currentPassword: owner.password } });
  await send(app, 'POST', '/api/auth/login', { body: { email: owner.user.email, password: owner.password } });
  const devices: DeviceSession[] = (await send(app, 'GET', '/api/me/sessions', { cookie: owner.cookie })).json().sessions;
  return {
    owner,
    stranger,
    partner,
    itemId: item.id,
    imageUrl: item.images[0]!.url,
    proposalId: proposal.id,
    conversationId: conversation.id,
    notificationId: notifications[0]!.id,
    pendingEmail,
    ownerDeviceId: devices.find((device) => !device.current)!.id,
    moderator,
    admin,
    messageId,
    hiddenItemId: hidden.id,
  };
}


async function call(entry: Entry, world: World, member: Member | undefined, origin?: string): Promise<LightMyRequestResponse> {
  const [method] = Object.entries(MATRIX).find(([, e]) => e === entry)![0].split(' ') as [Parameters<typeof send>[1]];
  const body = entry.body ? await entry.body(world) : undefined;
  return send(app, method, entry.path(world), {
    ...(member ? { cookie: member.cookie } : {}),
    ...(origin ? { origin } : {}),
    ...(body && 'json' in body ? { body: body.json } : {}),
    ...(body && 'form' in body ? { body: body.form.body, headers: { 'content-type': body.form.contentType } } : {}),
  });
}

const stateChanging = Object.entries(MATRIX).filter(([route]) => !route.startsWith('GET '));

describe('cross-site requests', () => {
  it.each(stateChanging)('%s from a foreign Origin is refused and changes nothing', async (_route, entry) => {
    const world = await makeWorld();
    const before = await fingerprint(app.services.database.db);

    const response = await call(entry, world, entry.rightful === 'partner' ? world.partner : world.owner, 'https://evil.example');

    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });
});

describe('authorization matrix', () => {
  it('has an entry for every route the server documents, and none for a route it lacks', () => {
    expect(routes.filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it.each(Object.entries(MATRIX))('%s: signed out, a stranger and the rightful member get what they should', async (_route, entry) => {
    const world = await makeWorld();
    const rightful = entry.rightful === 'partner' ? world.partner : world.owner;
    const secrets = [
      world.owner.user.email,
      world.partner.user.email,
      world.pendingEmail,
      world.proposalId,
      world.conversationId,
      world.notificationId,
      'Private words',
    ];

    const members: Record<Actor, Member | undefined> = {
      anonymous: undefined,
      stranger: world.stranger,
      rightful,
      moderator: world.moderator,
      admin: world.admin,
    };
    const actors = (['anonymous', 'stranger', 'rightful', 'moderator', 'admin'] as const).filter((actor) => entry.expect[actor] !== undefined);
    for (const actor of actors) {
      const before = await fingerprint(app.services.database.db);
      const member = members[actor];
      const response = await call(entry, world, member);

      expect({ actor, status: response.statusCode }).toEqual({ actor, status: entry.expect[actor] });
      if (response.statusCode >= 400) {
        expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        expect({ actor, unchanged: (await fingerprint(app.services.database.db)) === before }).toEqual({ actor, unchanged: true });
      }
      if (actor !== 'rightful') {
        // Nobody else's email, proposals, conversations, messages or notifications leak into a stranger's answer;
        // staff see a reported message's words in the queue, and nothing else of its conversation.
        const hidden = actor === 'moderator' || actor === 'admin' ? secrets.filter((secret) => secret !== 'Private words') : secrets;
        for (const secret of hidden) expect(response.body).not.toContain(secret);
      }
    }
  });
});
