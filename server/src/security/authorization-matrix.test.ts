import { NOTIFICATION_DEFAULTS, TEXT, type CreatedInviteResponse, type DeviceSession, type Notification } from '@swapyard/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { DEFAULT_COMMUNITY_SETTINGS } from '../test/community.ts';
import { fingerprint } from '../test/fingerprint.ts';
import { png } from '../test/images.ts';
import { createItem } from '../test/items.ts';
import { registerMember, registration, send, type Member } from '../test/members.ts';
import { multipart } from '../test/multipart.ts';
import { createProposal } from '../test/proposals.ts';
import { registerWithRole } from '../test/roles.ts';

/** What one route is called with, and who may do what. */
interface World {
  owner: Member;
  /** A third member with no part in any of it. */
  stranger: Member;
  partner: Member;
  /** A moderator and an admin with no part in any of it: their role is all they bring. */
  moderator: Member;
  admin: Member;
  itemId: string;
  imageUrl: string;
  proposalId: string;
  /** The partner's proposal for another of the owner's listings, accepted, its hand-over arranged. */
  acceptedProposalId: string;
  conversationId: string;
  notificationId: string;
  /** The address the owner asked to move to and has not confirmed yet. */
  pendingEmail: string;
  /** The public id of a second session of the owner's: another browser they signed in with. */
  ownerDeviceId: string;
  /** Suspended by the admin: their cookie names a session that has ended. */
  suspended: Member;
  /** The partner's message to the owner, which the owner reported. */
  messageId: string;
  /** A second listing of the owner's, which a moderator hid. */
  hiddenItemId: string;
  /** An invite link an admin made. */
  inviteId: string;
  /** The partner's open report of a problem with the accepted swap. */
  problemId: string;
  /** The owner's one-click link that switches off their mail about proposals. */
  unsubscribePath: string;
  /** The owner's saved search (issue 17). */
  savedSearchId: string;
}

type Actor = 'anonymous' | 'stranger' | 'rightful' | 'moderator' | 'admin';
/** Who must be named in every entry; a moderator and an admin are strangers unless the entry says otherwise. */
type NamedActor = 'anonymous' | 'stranger' | 'rightful';
type Body = { json: unknown } | { form: ReturnType<typeof multipart> };

interface Entry {
  path: (w: World) => string;
  body?: (w: World) => Body | Promise<Body>;
  /** Who, besides a signed-out visitor, is the route meant for: the owner of the object or its other party. */
  rightful?: 'owner' | 'partner';
  expect: Record<NamedActor, number> & Partial<Record<Actor, number>>;
}

const signedIn = (status: number) => ({ anonymous: 401, stranger: status, rightful: status });
const ownerOnly = (status: number) => ({ anonymous: 401, stranger: 403, rightful: status });
const anyone = (status: number) => ({ anonymous: status, stranger: status, rightful: status });
/** The operator's routes: a member is answered as if they did not exist. */
const staff = (moderator: number, admin: number) => ({ anonymous: 401, stranger: 404, rightful: 404, moderator, admin });
const moderationReason = () => ({ json: { reason: 'Against the rules' } });
const photo = async (field: string): Promise<Body> => ({
  form: multipart({ clientId: randomUUID() }, [{ field, name: 'p.png', bytes: await png(40, 40), type: 'image/png' }]),
});
/** A browser's push subscription as it posts it: a real P-256 point and auth secret; nothing is sent to the endpoint. */
const pushSubscription = (): Body => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    json: {
      endpoint: `https://push.example/${randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
    },
  };
};
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
  'PUT /api/me/language': { path: () => '/api/me/language', body: () => ({ json: { locale: 'de' } }), expect: signedIn(204) },
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
  // A device's subscription is its session's: there is no one else's to name.
  'GET /api/push/key': { path: () => '/api/push/key', expect: signedIn(200) },
  'GET /api/push/subscriptions': { path: () => '/api/push/subscriptions', expect: signedIn(200) },
  'POST /api/push/subscriptions': { path: () => '/api/push/subscriptions', body: pushSubscription, expect: signedIn(201) },
  'DELETE /api/push/subscriptions': { path: () => '/api/push/subscriptions', expect: signedIn(204) },
  'GET /api/items': { path: () => '/api/items', expect: signedIn(200) },
  'POST /api/items': { path: () => '/api/items', body: itemForm, expect: signedIn(201) },
  'GET /api/items/{id}': { path: (w) => `/api/items/${w.itemId}`, expect: signedIn(200) },
  'PUT /api/items/{id}': { path: (w) => `/api/items/${w.itemId}`, body: itemForm, expect: ownerOnly(200) },
  'DELETE /api/items/{id}': { path: (w) => `/api/items/${w.itemId}`, expect: ownerOnly(204) },
  // Issue 17: anyone who can see the listing may save it but its owner, who is refused; a member's favourites are read by them alone.
  'PUT /api/items/{id}/favourite': { path: (w) => `/api/items/${w.itemId}/favourite`, expect: { anonymous: 401, stranger: 204, rightful: 400 } },
  'DELETE /api/items/{id}/favourite': { path: (w) => `/api/items/${w.itemId}/favourite`, expect: signedIn(204) },
  'GET /api/favourites': { path: () => '/api/favourites', expect: signedIn(200) },
  // Issue 17: the place picker's suggestions, for whoever may see the marketplace and its forms.
  'GET /api/places': { path: () => '/api/places?q=lee', expect: signedIn(200) },
  // Issue 17: a member's saved searches are theirs alone; another member's is not found.
  'GET /api/saved-searches': { path: () => '/api/saved-searches', expect: signedIn(200) },
  'POST /api/saved-searches': {
    path: () => '/api/saved-searches',
    body: () => ({ json: { name: 'Lamps', filters: { q: 'lamp' } } }),
    expect: signedIn(201),
  },
  'PATCH /api/saved-searches/{id}': {
    path: (w) => `/api/saved-searches/${w.savedSearchId}`,
    body: () => ({ json: { name: 'Renamed' } }),
    expect: { anonymous: 401, stranger: 404, rightful: 200 },
  },
  'DELETE /api/saved-searches/{id}': { path: (w) => `/api/saved-searches/${w.savedSearchId}`, expect: { anonymous: 401, stranger: 404, rightful: 204 } },
  'POST /api/saved-searches/{id}/open': {
    path: (w) => `/api/saved-searches/${w.savedSearchId}/open`,
    expect: { anonymous: 401, stranger: 404, rightful: 200 },
  },
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
  // The owner answers the partner's offer with new terms; the partner made it, so theirs is only to cancel (proposals tests).
  'POST /api/proposals/{id}/counter': {
    path: (w) => `/api/proposals/${w.proposalId}/counter`,
    body: () => ({ json: { pointsOffer: 20, offerItemId: null, message: 'Twenty and it is yours' } }),
    expect: ownerOnly(200),
  },
  'POST /api/proposals/{id}/rating': {
    path: (w) => `/api/proposals/${w.proposalId}/rating`,
    body: () => ({ json: { stars: 5 } }),
    // Rating waits for an accepted swap; the point here is who gets past the access check.
    expect: ownerOnly(400),
  },
  'PUT /api/proposals/{id}/handover': {
    path: (w) => `/api/proposals/${w.acceptedProposalId}/handover`,
    body: () => ({ json: { place: 'By the fountain', at: '2026-12-01T17:30:00.000Z' } }),
    expect: ownerOnly(200),
  },
  'POST /api/proposals/{id}/handover/confirm': {
    path: (w) => `/api/proposals/${w.acceptedProposalId}/handover/confirm`,
    rightful: 'partner',
    expect: ownerOnly(200),
  },
  // The partner already reported a problem with the swap; the owner may report one of their own.
  'POST /api/proposals/{id}/problems': {
    path: (w) => `/api/proposals/${w.acceptedProposalId}/problems`,
    body: () => ({ json: { reason: 'no_show', note: 'Never came' } }),
    expect: ownerOnly(201),
  },
  'POST /api/proposals/{id}/problems/with-photos': {
    path: (w) => `/api/proposals/${w.acceptedProposalId}/problems/with-photos`,
    body: async () => ({
      form: multipart({ reason: 'no_show', note: 'Never came' }, [{ field: 'photos', name: 'p.png', bytes: await png(40, 40), type: 'image/png' }]),
    }),
    expect: ownerOnly(201),
  },
  'GET /api/proposals/{id}/problems': { path: (w) => `/api/proposals/${w.acceptedProposalId}/problems`, expect: ownerOnly(200) },
  'GET /api/admin/swap-problems': { path: () => '/api/admin/swap-problems', expect: staff(200, 200) },
  // The moderator decides first; the admin then finds it decided.
  'POST /api/admin/swap-problems/{id}/dismiss': {
    path: (w) => `/api/admin/swap-problems/${w.problemId}/dismiss`,
    body: moderationReason,
    expect: staff(204, 409),
  },
  'POST /api/admin/swap-problems/{id}/reverse': {
    path: (w) => `/api/admin/swap-problems/${w.problemId}/reverse`,
    body: moderationReason,
    expect: staff(200, 409),
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
  'GET /api/conversations/{id}/proposals': { path: (w) => `/api/conversations/${w.conversationId}/proposals`, expect: ownerOnly(200) },
  'POST /api/conversations/{id}/messages': {
    path: (w) => `/api/conversations/${w.conversationId}/messages`,
    body: () => ({ json: { clientId: randomUUID(), text: 'hello' } }),
    expect: ownerOnly(200),
  },
  'POST /api/conversations/{id}/images': { path: (w) => `/api/conversations/${w.conversationId}/images`, body: () => photo('image'), expect: ownerOnly(200) },
  'POST /api/conversations/{id}/read': { path: (w) => `/api/conversations/${w.conversationId}/read`, expect: ownerOnly(204) },
  'GET /api/admin/members': { path: () => '/api/admin/members', expect: staff(200, 200) },
  'PUT /api/admin/members/{id}/role': {
    path: (w) => `/api/admin/members/${w.partner.user.id}/role`,
    body: () => ({ json: { role: 'moderator' } }),
    expect: staff(403, 200),
  },
  'GET /api/community': { path: () => '/api/community', expect: anyone(200) },
  'GET /api/invites/{token}': { path: () => '/api/invites/made-up', expect: anyone(200) },
  'GET /api/admin/settings': { path: () => '/api/admin/settings', expect: staff(403, 200) },
  'PUT /api/admin/settings': {
    path: () => '/api/admin/settings',
    // The settings every test starts from, so an admin's save leaves the community as it was.
    body: () => ({ json: DEFAULT_COMMUNITY_SETTINGS }),
    expect: staff(403, 200),
  },
  'GET /api/admin/invites': { path: () => '/api/admin/invites', expect: staff(200, 200) },
  'POST /api/admin/invites': {
    path: () => '/api/admin/invites',
    body: () => ({ json: { maxUses: 1, expiresInDays: 1 } }),
    expect: staff(201, 201),
  },
  'GET /api/admin/members/{id}': { path: (w) => `/api/admin/members/${w.partner.user.id}`, expect: staff(200, 200) },
  'POST /api/admin/members/{id}/suspension': {
    path: (w) => `/api/admin/members/${w.partner.user.id}/suspension`,
    body: () => ({ json: { duration: '1d', reason: 'Matrix' } }),
    // The admin asks after the moderator has suspended the partner: one suspension at a time.
    expect: staff(200, 409),
  },
  'POST /api/admin/members/{id}/suspension/lift': {
    path: (w) => `/api/admin/members/${w.suspended.user.id}/suspension/lift`,
    body: () => ({ json: { reason: 'Matrix' } }),
    // The admin asks after the moderator has lifted it: there is nothing left to lift.
    expect: staff(200, 409),
  },
  'POST /api/reports': {
    path: () => '/api/reports',
    body: (w) => ({ json: { targetType: 'user', targetId: w.partner.user.id, reason: 'spam' } }),
    expect: signedIn(201),
  },
  'GET /api/admin/reports': { path: () => '/api/admin/reports', expect: staff(200, 200) },
  // The moderator acts first; the admin then finds it done.
  'POST /api/admin/reports/dismiss': {
    path: () => '/api/admin/reports/dismiss',
    body: (w) => ({ json: { targetType: 'message', targetId: w.messageId, reason: 'Fine' } }),
    expect: staff(204, 409),
  },
  'POST /api/admin/reports/warn': {
    path: () => '/api/admin/reports/warn',
    body: (w) => ({ json: { targetType: 'message', targetId: w.messageId, reason: 'Be kind' } }),
    expect: staff(204, 204),
  },
  'POST /api/admin/items/{id}/hide': { path: (w) => `/api/admin/items/${w.itemId}/hide`, body: moderationReason, expect: staff(204, 409) },
  'POST /api/admin/items/{id}/restore': {
    path: (w) => `/api/admin/items/${w.hiddenItemId}/restore`,
    body: moderationReason,
    expect: staff(204, 409),
  },
  'POST /api/admin/messages/{id}/remove': {
    path: (w) => `/api/admin/messages/${w.messageId}/remove`,
    body: moderationReason,
    expect: staff(204, 409),
  },
  'GET /api/admin/audit': { path: () => '/api/admin/audit', expect: staff(200, 200) },
  'POST /api/admin/invites/{id}/revoke': {
    path: (w) => `/api/admin/invites/${w.inviteId}/revoke`,
    expect: staff(200, 200),
  },
  'GET /api/blocks': { path: () => '/api/blocks', expect: signedIn(200) },
  // Anyone may block anyone (but themselves): a block is about the blocker's own inbox.
  'POST /api/blocks': { path: () => '/api/blocks', body: (w) => ({ json: { userId: w.partner.user.id } }), expect: signedIn(200) },
  'DELETE /api/blocks/{userId}': { path: (w) => `/api/blocks/${w.partner.user.id}`, expect: signedIn(204) },
  // Only ever the caller's own preferences: there is no id to name another member's.
  'GET /api/me/notification-preferences': { path: () => '/api/me/notification-preferences', expect: signedIn(200) },
  'PUT /api/me/notification-preferences': {
    path: () => '/api/me/notification-preferences',
    body: () => ({ json: NOTIFICATION_DEFAULTS }),
    expect: signedIn(200),
  },
  // The signed link is the permission, whoever follows it: a mail provider posts it with no session (RFC 8058).
  'POST /api/unsubscribe/{token}': { path: (w) => w.unsubscribePath, expect: anyone(200) },
};

/** Posted by mail providers from no Origin of ours (RFC 8058); the one-click tests in notification-delivery prove it. */
const CROSS_SITE_BY_DESIGN = new Set(['POST /api/unsubscribe/{token}']);

/**
 * What the rightful member gets once the owner and the partner are a blocked pair, where it differs
 * from the matrix: nothing that reaches the other goes through, and what was pending between them
 * was withdrawn by the block, so answering it finds it no longer pending.
 */
const BLOCKED_PAIR: Partial<Record<string, number>> = {
  'POST /api/proposals': 403,
  'POST /api/proposals/{id}/accept': 409,
  'POST /api/proposals/{id}/decline': 409,
  'POST /api/proposals/{id}/cancel': 409,
  'POST /api/proposals/{id}/counter': 403,
  // Arranging a meeting reaches the other member as a message would; confirming only records one's own side.
  'PUT /api/proposals/{id}/handover': 403,
  'POST /api/conversations': 403,
  'POST /api/conversations/{id}/messages': 403,
  'POST /api/conversations/{id}/images': 403,
};

let app: FastifyInstance;
let routes: string[];

beforeAll(async () => {
  ({ app } = await buildTestApp());
  // The first account is the site's admin: registered here, so every world's members are members.
  await registerMember(app, { displayName: 'Founder' });
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
  const moderator = await registerWithRole(app, 'moderator', 'Moderator');
  const admin = await registerWithRole(app, 'admin', 'Admin');
  const item = await createItem(app, owner);
  const proposal = await createProposal(app, partner, item.id, { pointsOffer: 10 });
  const swapped = await createProposal(app, partner, (await createItem(app, owner)).id);
  await send(app, 'POST', `/api/proposals/${swapped.id}/accept`, { cookie: owner.cookie });
  await send(app, 'PUT', `/api/proposals/${swapped.id}/handover`, {
    cookie: partner.cookie,
    body: { place: 'Private place', at: '2026-12-01T12:00:00.000Z' },
  });
  const problem = await send(app, 'POST', `/api/proposals/${swapped.id}/problems`, { cookie: partner.cookie, body: { reason: 'not_as_described' } });
  const { conversation } = (await send(app, 'POST', '/api/conversations', { cookie: partner.cookie, body: { otherUserId: owner.user.id } })).json();
  const sent = await send(app, 'POST', `/api/conversations/${conversation.id}/messages`, {
    cookie: partner.cookie,
    body: { clientId: randomUUID(), text: 'Private words' },
  });
  const messageId: string = sent.json().message.id;
  await send(app, 'POST', '/api/reports', { cookie: owner.cookie, body: { targetType: 'message', targetId: messageId, reason: 'harassment' } });
  const hidden = await createItem(app, owner);
  await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: admin.cookie, body: { reason: 'Hidden for the matrix' } });
  const notifications: Notification[] = (await send(app, 'GET', '/api/notifications', { cookie: owner.cookie })).json().notifications;
  const pendingEmail = `pending-${randomUUID()}@example.com`;
  await send(app, 'POST', '/api/me/email-change', { cookie: owner.cookie, body: { email: pendingEmail, currentPassword: owner.password } });
  await send(app, 'POST', '/api/auth/login', { body: { email: owner.user.email, password: owner.password } });
  const devices: DeviceSession[] = (await send(app, 'GET', '/api/me/sessions', { cookie: owner.cookie })).json().sessions;
  const invite = (await send(app, 'POST', '/api/admin/invites', { cookie: admin.cookie, body: { maxUses: 1, expiresInDays: 1 } })).json<CreatedInviteResponse>();
  const savedSearch = await send(app, 'POST', '/api/saved-searches', { cookie: owner.cookie, body: { name: 'Private search', filters: { q: 'lamp' } } });
  const suspended = await registerMember(app, { displayName: 'Suspended' });
  await createItem(app, suspended);
  await send(app, 'POST', `/api/admin/members/${suspended.user.id}/suspension`, { cookie: admin.cookie, body: { duration: 'indefinite', reason: 'Matrix' } });
  const world: World = {
    owner,
    stranger,
    partner,
    moderator,
    admin,
    itemId: item.id,
    imageUrl: item.images[0]!.url,
    proposalId: proposal.id,
    acceptedProposalId: swapped.id,
    conversationId: conversation.id,
    notificationId: notifications[0]!.id,
    pendingEmail,
    ownerDeviceId: devices.find((device) => !device.current)!.id,
    inviteId: invite.invite.id,
    suspended,
    messageId,
    hiddenItemId: hidden.id,
    problemId: problem.json().problem.id,
    unsubscribePath: `/api/unsubscribe/${await app.services.notificationPreferences.unsubscribeToken(owner.user.id, 'proposals')}`,
    savedSearchId: savedSearch.json().savedSearch.id,
  };
  // The world's listings and notices queued background jobs (saved-search matches, mail): they run
  // now, not between the fingerprints around a refused request.
  await app.services.jobs.runDue();
  return world;
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
  // One world serves every case: each refusal is asserted to change nothing, so the next case meets
  // the world as it was made, and a request that wrongly went through fails its own case.
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it.each(stateChanging.filter(([route]) => !CROSS_SITE_BY_DESIGN.has(route)))('%s from a foreign Origin is refused and changes nothing', async (_route, entry) => {
    const before = await fingerprint(app);

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

  it.each(Object.entries(MATRIX))('%s: signed out, suspended, a stranger, the rightful member, a moderator and an admin get what they should', async (route, entry) => {
    const world = await makeWorld();
    const rightful = entry.rightful === 'partner' ? world.partner : world.owner;
    const secrets = [
      world.owner.user.email,
      world.partner.user.email,
      world.pendingEmail,
      world.proposalId,
      world.acceptedProposalId,
      'Private place',
      world.conversationId,
      world.notificationId,
      'Private words',
      'Private search',
    ];

    // The rightful member last: what they may do (delete the listing) would change what the others meet.
    for (const actor of ['anonymous', 'suspended', 'stranger', 'moderator', 'admin', 'rightful'] as const) {
      const before = await fingerprint(app);
      const member = { anonymous: undefined, suspended: world.suspended, stranger: world.stranger, rightful, moderator: world.moderator, admin: world.admin }[actor];
      const response = await call(entry, world, member);
      // A suspended member's sessions ended with the suspension: they are answered as signed out.
      const status = actor === 'suspended' ? entry.expect.anonymous : (entry.expect[actor] ?? entry.expect.stranger);

      expect({ actor, status: response.statusCode }).toEqual({ actor, status });
      if (response.statusCode >= 400) {
        expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
        expect({ actor, unchanged: (await fingerprint(app.services.database.db)) === before }).toEqual({ actor, unchanged: true });
      }
      // Moderators and admins see members' emails where the operator's pages list them, and nowhere else.
      const operatorSees = (actor === 'moderator' || actor === 'admin') && route.includes(' /api/admin/');
      if (actor !== 'rightful' && !operatorSees) {
        // Nobody else's email, proposals, conversations, messages or notifications leak into a stranger's answer.
        for (const secret of secrets) expect(response.body).not.toContain(secret);
      }
    }
  });
});

describe('a suspended member', () => {
  it('is refused at sign-in with the right password, and the refusal changes nothing', async () => {
    const { suspended } = await makeWorld();
    const before = await fingerprint(app);

    const response = await send(app, 'POST', '/api/auth/login', { body: { email: suspended.user.email, password: suspended.password } });

    expect(response.statusCode).toBe(403);
    expect(response.cookies.filter((cookie) => cookie.value)).toEqual([]);
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });
});

describe('a blocked pair', () => {
  const directions = [
    ['the owner blocked the partner', 'owner'],
    ['the partner blocked the owner', 'partner'],
  ] as const;
  const cases = stateChanging.flatMap(([route, entry]) => directions.map(([how, blocker]) => [route, how, entry, blocker] as const));

  it.each(cases)('%s, when %s: nothing reaches the other, and a refusal changes nothing', async (route, _how, entry, blocker) => {
    const world = await makeWorld();
    const [blocking, blocked] = blocker === 'owner' ? [world.owner, world.partner] : [world.partner, world.owner];
    expect((await send(app, 'POST', '/api/blocks', { cookie: blocking.cookie, body: { userId: blocked.user.id } })).statusCode).toBe(200);
    const actor = entry.rightful === 'partner' ? world.partner : world.owner;
    const before = await fingerprint(app);

    const response = await call(entry, world, actor);

    expect(response.statusCode).toBe(BLOCKED_PAIR[route] ?? entry.expect.rightful);
    if (response.statusCode === 403) {
      expect(response.json()).toEqual({ error: { code: 'FORBIDDEN', message: actor === blocking ? TEXT.blocks.refusedByYou : TEXT.blocks.refused } });
    }
    if (response.statusCode >= 400) expect(await fingerprint(app.services.database.db)).toBe(before);
  });
});
