import {
  TEXT,
  type AuditPage,
  type ItemDetail,
  type ItemPage,
  type MessagePage,
  type Notification,
  type ReportQueuePage,
} from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../config.ts';
import { buildTestApp, RELAXED_RATE_LIMITS } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { answer, propose } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';
import { readZip } from '../../test/zip.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(async () => {
  await app.close();
});

const report = (member: Member, body: Record<string, unknown>) =>
  send(app, 'POST', '/api/reports', { cookie: member.cookie, body: { reason: 'scam', ...body } });
const get = <T>(member: Member, url: string) => send(app, 'GET', url, { cookie: member.cookie }).then((response) => response.json<T>());
const act = (member: Member, url: string, body: Record<string, unknown>) => send(app, 'POST', url, { cookie: member.cookie, body });

async function queueGroup(moderator: Member, targetId: string) {
  const page = await get<ReportQueuePage>(moderator, '/api/admin/reports?limit=50');
  return page.groups.find((group) => group.targetId === targetId);
}

async function conversationWith(from: Member, to: Member, texts: string[]) {
  const { conversation } = (await send(app, 'POST', '/api/conversations', { cookie: from.cookie, body: { otherUserId: to.user.id } })).json();
  const ids: string[] = [];
  for (const [index, text] of texts.entries()) {
    const sender = index % 2 === 0 ? from : to;
    const response = await send(app, 'POST', `/api/conversations/${conversation.id}/messages`, {
      cookie: sender.cookie,
      body: { clientId: randomUUID(), text },
    });
    ids.push(response.json().message.id);
  }
  return { conversationId: conversation.id as string, ids };
}

describe('reporting', () => {
  it('takes one open report per reporter and target, answers a second with 409, and tells the reported member nothing', async () => {
    const owner = await registerMember(app);
    const reporter = await registerMember(app);
    const item = await createItem(app, owner, { title: `Fake watch ${randomUUID()}` });
    const noticesBefore = await get<{ notifications: Notification[] }>(owner, '/api/notifications');

    const first = await report(reporter, { targetType: 'item', targetId: item.id, note: 'Looks counterfeit' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: TEXT.reports.thanks });

    const before = await fingerprint(app);
    const second = await report(reporter, { targetType: 'item', targetId: item.id, reason: 'spam' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(TEXT.reports.alreadyReported);
    expect(await fingerprint(app.services.database.db)).toBe(before);

    expect(await get<{ notifications: Notification[] }>(owner, '/api/notifications')).toEqual(noticesBefore);
    const exported = await readZip((await send(app, 'GET', '/api/me/data', { cookie: owner.cookie })).rawPayload, (name) => name.endsWith('.json'));
    for (const text of exported.texts.values()) {
      expect(text).not.toContain(reporter.user.id);
      expect(text).not.toContain('Looks counterfeit');
    }
  });

  it('refuses reporting yourself, your own listing, an unknown target, a suspended member’s listing and a message of a conversation you are not in', async () => {
    const me = await registerMember(app);
    const other = await registerMember(app);
    const outsider = await registerMember(app);
    const mine = await createItem(app, me);
    const { ids } = await conversationWith(other, me, ['Hello there']);
    const suspended = await registerMember(app);
    const hiddenWithOwner = await createItem(app, suspended);
    const moderator = await registerWithRole(app, 'moderator');
    expect((await act(moderator, `/api/admin/members/${suspended.user.id}/suspension`, { duration: 'indefinite', reason: 'Spam' })).statusCode).toBe(200);
    const before = await fingerprint(app);

    expect((await report(me, { targetType: 'item', targetId: mine.id })).statusCode).toBe(400);
    expect((await report(me, { targetType: 'user', targetId: me.user.id })).json().error.message).toBe(TEXT.reports.ownContent);
    expect((await report(me, { targetType: 'user', targetId: randomUUID() })).statusCode).toBe(404);
    expect((await report(outsider, { targetType: 'message', targetId: ids[0] })).statusCode).toBe(404);
    expect((await report(other, { targetType: 'message', targetId: ids[0] })).statusCode).toBe(404);
    expect((await report(me, { targetType: 'item', targetId: hiddenWithOwner.id })).json().error.message).toBe(TEXT.reports.notFound);
    expect((await report(me, { targetType: 'item', targetId: mine.id, reason: 'nonsense' })).statusCode).toBe(400);
    expect((await report(me, { targetType: 'user', targetId: other.user.id, note: 'x'.repeat(501) })).json().error.message).toBe(TEXT.reports.noteTooLong);
    expect(await fingerprint(app.services.database.db)).toBe(before);

    expect((await report(me, { targetType: 'message', targetId: ids[0], reason: 'harassment' })).statusCode).toBe(201);
  });

  it('is rate-limited per member', async () => {
    const limited = await buildTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, reportsPerMember: { max: 2, windowMs: DEFAULT_RATE_LIMITS.reportsPerMember.windowMs } } });
    try {
      const reporter = await registerMember(limited.app);
      const answers = [];
      for (let i = 0; i < 3; i++) {
        const target = await registerMember(limited.app);
        answers.push(
          (await send(limited.app, 'POST', '/api/reports', { cookie: reporter.cookie, body: { targetType: 'user', targetId: target.user.id, reason: 'spam' } })).statusCode,
        );
      }
      expect(answers).toEqual([201, 201, 429]);
    } finally {
      await limited.app.close();
    }
  });
});

describe('the queue', () => {
  it('groups open reports by target with their count, reasons and notes, never who reported, and is closed to members', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const owner = await registerMember(app);
    const [a, b] = [await registerMember(app), await registerMember(app)];
    const item = await createItem(app, owner);
    await report(a, { targetType: 'item', targetId: item.id, reason: 'prohibited', note: 'Sells a knife' });
    await report(b, { targetType: 'item', targetId: item.id, reason: 'scam' });

    const group = await queueGroup(moderator, item.id);
    expect(group).toMatchObject({ targetType: 'item', count: 2, member: { id: owner.user.id, role: 'member' } });
    expect(group!.reports.map((r) => [r.reason, r.note]).sort()).toEqual([['prohibited', 'Sells a knife'], ['scam', '']]);
    expect(group!.listing).toMatchObject({ id: item.id, title: item.title, hiddenReason: null });
    expect(group!.listing!.images).toHaveLength(1);
    const body = (await send(app, 'GET', '/api/admin/reports?limit=50', { cookie: moderator.cookie })).body;
    expect(body).not.toContain(a.user.id);
    expect(body).not.toContain(b.user.id);

    expect((await send(app, 'GET', '/api/admin/reports', { cookie: a.cookie })).statusCode).toBe(404);
  });

  it('shows a reported message with the few before it, and nothing else of the conversation', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const [x, y] = [await registerMember(app), await registerMember(app)];
    const texts = Array.from({ length: 8 }, (_, i) => `line ${i} ${randomUUID()}`);
    const { ids } = await conversationWith(x, y, texts);
    // Line 5 is y's; two lines come after it and must not show.
    await report(x, { targetType: 'message', targetId: ids[5], reason: 'harassment' });

    const group = await queueGroup(moderator, ids[5]!);
    expect(group!.member.id).toBe(y.user.id);
    expect(group!.messages!.map((m) => m.text)).toEqual(texts.slice(1, 6));
    expect(group!.messages!.map((m) => m.reported)).toEqual([false, false, false, false, true]);
    const body = (await send(app, 'GET', '/api/admin/reports?limit=50', { cookie: moderator.cookie })).body;
    expect(body).not.toContain(texts[0]);
    expect(body).not.toContain(texts[7]);
  });
});

describe('hiding a listing', () => {
  it('takes it out of the marketplace, search, proposals and others’ view, tells the owner why, and records it', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const owner = await registerMember(app);
    const viewer = await registerMember(app);
    const title = `Hideable ${randomUUID()}`;
    const item = await createItem(app, owner, { title });
    const earlier = (await propose(app, viewer, item.id, { pointsOffer: 1 })).json().proposal;
    await report(viewer, { targetType: 'item', targetId: item.id, reason: 'prohibited' });

    expect((await act(moderator, `/api/admin/items/${item.id}/hide`, { reason: '  ' })).statusCode).toBe(400);
    expect((await act(moderator, `/api/admin/items/${item.id}/hide`, { reason: 'Weapons are not allowed' })).statusCode).toBe(204);

    const search = await get<ItemPage>(viewer, `/api/items?q=${encodeURIComponent(title)}`);
    expect(search.items).toEqual([]);
    expect((await get<ItemPage>(viewer, `/api/users/${owner.user.id}/items`)).items).toEqual([]);
    expect((await send(app, 'GET', `/api/items/${item.id}`, { cookie: viewer.cookie })).statusCode).toBe(404);
    const latecomer = await registerMember(app);
    expect((await propose(app, latecomer, item.id, { pointsOffer: 1 })).json().error.message).toBe(TEXT.proposals.itemUnavailable);
    // A proposal sent before it was hidden cannot be accepted while it is.
    expect((await answer(app, owner, earlier.id, 'accept')).json().error.message).toBe(TEXT.proposals.itemsGone);
    expect((await get<{ item: ItemDetail }>(owner, `/api/items/${item.id}`)).item.hiddenReason).toBe('Weapons are not allowed');
    expect((await get<ItemPage>(owner, `/api/users/${owner.user.id}/items`)).items.map((i) => i.id)).toEqual([item.id]);
    const notices = await get<{ notifications: Notification[] }>(owner, '/api/notifications');
    expect(notices.notifications[0]).toMatchObject({
      title: TEXT.moderation.listingHiddenTitle,
      description: TEXT.moderation.listingHidden({ title, reason: 'Weapons are not allowed' }),
    });
    expect(await queueGroup(moderator, item.id)).toBeUndefined();
    const audit = await get<AuditPage>(moderator, `/api/admin/audit?targetUserId=${owner.user.id}`);
    expect(audit.entries[0]).toMatchObject({ actorId: moderator.user.id, action: 'listing_hidden', targetLabel: title, reason: 'Weapons are not allowed' });

    expect((await act(moderator, `/api/admin/items/${item.id}/restore`, { reason: 'Appeal accepted' })).statusCode).toBe(204);
    expect((await get<ItemPage>(viewer, `/api/items?q=${encodeURIComponent(title)}`)).items.map((i) => i.id)).toEqual([item.id]);
    expect((await act(moderator, `/api/admin/items/${item.id}/restore`, { reason: 'Again' })).statusCode).toBe(409);
  });
});

describe('who may act on whom', () => {
  it('keeps a moderator off an admin’s content and their own, and lets an admin act on a moderator’s', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const admin = await registerWithRole(app, 'admin');
    const adminsItem = await createItem(app, admin);
    const moderatorsItem = await createItem(app, moderator);
    const before = await fingerprint(app);

    expect((await act(moderator, `/api/admin/items/${adminsItem.id}/hide`, { reason: 'No' })).json().error.message).toBe(TEXT.moderation.notYours);
    expect((await act(moderator, `/api/admin/items/${moderatorsItem.id}/hide`, { reason: 'No' })).statusCode).toBe(403);
    expect((await act(moderator, '/api/admin/reports/warn', { targetType: 'user', targetId: admin.user.id, reason: 'No' })).statusCode).toBe(403);
    expect(await fingerprint(app.services.database.db)).toBe(before);

    expect((await act(admin, `/api/admin/items/${moderatorsItem.id}/hide`, { reason: 'Off topic' })).statusCode).toBe(204);
  });
});

describe('removing a message', () => {
  it('shows both members the placeholder instead of its words, and records it', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const [x, y] = [await registerMember(app), await registerMember(app)];
    const secret = `Nasty words ${randomUUID()}`;
    const { conversationId, ids } = await conversationWith(x, y, ['Hi', secret]);
    await report(x, { targetType: 'message', targetId: ids[1], reason: 'harassment' });

    expect((await act(moderator, `/api/admin/messages/${ids[1]}/remove`, { reason: 'Abusive' })).statusCode).toBe(204);

    for (const member of [x, y]) {
      const page = await get<MessagePage>(member, `/api/conversations/${conversationId}/messages`);
      expect(page.messages.map((m) => [m.text, m.removed])).toEqual([['Hi', false], [TEXT.moderation.messageRemoved, true]]);
      expect(JSON.stringify(await get(member, '/api/conversations'))).not.toContain(secret);
      expect(JSON.stringify(await get(member, '/api/notifications'))).not.toContain(secret);
      // Their data export keeps the conversation with the placeholder in the message's place.
      const exported = await readZip((await send(app, 'GET', '/api/me/data', { cookie: member.cookie })).rawPayload, (name) => name.endsWith('.json'));
      const allJson = [...exported.texts.values()].join('\n');
      expect(allJson).toContain(TEXT.moderation.messageRemoved);
      expect(allJson).not.toContain(secret);
    }
    expect((await act(moderator, `/api/admin/messages/${ids[1]}/remove`, { reason: 'Again' })).statusCode).toBe(409);
    const audit = await get<AuditPage>(moderator, `/api/admin/audit?actorId=${moderator.user.id}`);
    expect(audit.entries.map((e) => e.action)).toEqual(['message_removed']);
  });
});

describe('warning and dismissing', () => {
  it('warns the member a report is about, and dismissing closes the reports with the target untouched', async () => {
    const moderator = await registerWithRole(app, 'moderator');
    const target = await registerMember(app);
    const reporter = await registerMember(app);
    const item = await createItem(app, target);
    await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'spam' });
    await report(reporter, { targetType: 'item', targetId: item.id, reason: 'other', note: 'Not sure' });

    expect((await act(moderator, '/api/admin/reports/warn', { targetType: 'user', targetId: target.user.id, reason: 'Stop spamming' })).statusCode).toBe(204);
    const notices = await get<{ notifications: Notification[] }>(target, '/api/notifications');
    expect(notices.notifications[0]).toMatchObject({ title: TEXT.moderation.warningTitle, description: TEXT.moderation.warning({ reason: 'Stop spamming' }) });
    expect(await queueGroup(moderator, target.user.id)).toBeUndefined();

    expect((await act(moderator, '/api/admin/reports/dismiss', { targetType: 'item', targetId: item.id, reason: '' })).statusCode).toBe(400);
    expect((await act(moderator, '/api/admin/reports/dismiss', { targetType: 'item', targetId: item.id, reason: 'Fine as it is' })).statusCode).toBe(204);
    expect(await queueGroup(moderator, item.id)).toBeUndefined();
    expect((await get<{ item: ItemDetail }>(reporter, `/api/items/${item.id}`)).item.hiddenReason).toBeNull();
    expect((await act(moderator, '/api/admin/reports/dismiss', { targetType: 'item', targetId: item.id, reason: 'Again' })).statusCode).toBe(409);

    const audit = await get<AuditPage>(moderator, `/api/admin/audit?targetUserId=${target.user.id}`);
    expect(audit.entries.map((e) => [e.action, e.reason, e.actorName])).toEqual([
      ['reports_dismissed', 'Fine as it is', moderator.user.displayName],
      ['member_warned', 'Stop spamming', moderator.user.displayName],
    ]);
    expect(audit.actors.map((a) => a.id)).toContain(moderator.user.id);
    expect((await send(app, 'GET', '/api/admin/audit', { cookie: reporter.cookie })).statusCode).toBe(404);
  });
});
