import { NOTIFICATION_DEFAULTS, TEXT, type NotificationPreferences } from '@swapyard/contract';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, jobs, messageDeliveries, notifications, users } from '../../db/schema/index.ts';
import { TEST_ORIGIN, buildTestApp } from '../../test/build-test-app.ts';
import { fingerprint } from '../../test/fingerprint.ts';
import { inLocale } from '../../plugins/language.ts';
import { jobsFallDue } from '../../test/jobs.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { acceptedDaysAgo, answer, completeSwap, counter, createProposal } from '../../test/proposals.ts';
import { registerWithRole } from '../../test/roles.ts';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../test/smtp.ts';
import { MAIL_TEXT } from './mail-texts.ts';

let app: FastifyInstance;
let smtp: TestSmtp;
let community: string;

beforeAll(async () => {
  smtp = await startSmtp();
  ({ app } = await buildTestApp({}, { smtpUrl: smtp.url }));
  // The first account is the site's admin: registered here, so every test's members are members.
  await registerMember(app, { displayName: 'Founder' });
  community = (await app.services.community.settings()).name;
});

afterAll(async () => {
  await app.close();
  await smtp.stop();
});

/** Every mail the member received so far. All jobs due have run once runDue resolves, their SMTP exchanges included. */
async function mailsTo(member: Member): Promise<ReceivedMail[]> {
  await app.services.jobs.runDue();
  return smtp.mails.filter((mail) => mail.to.includes(member.user.email));
}

const headerLine = (mail: ReceivedMail, name: string) =>
  mail.parsed.headerLines.find((header) => header.key === name.toLowerCase())?.line.slice(name.length + 1).trim();

async function preferencesOf(member: Member): Promise<NotificationPreferences> {
  const response = await send(app, 'GET', '/api/me/notification-preferences', { cookie: member.cookie });
  expect(response.statusCode).toBe(200);
  return response.json<{ preferences: NotificationPreferences }>().preferences;
}

async function setPreferences(member: Member, change: (preferences: NotificationPreferences) => void): Promise<void> {
  const preferences = structuredClone(NOTIFICATION_DEFAULTS);
  change(preferences);
  const response = await send(app, 'PUT', '/api/me/notification-preferences', { cookie: member.cookie, body: preferences });
  expect(response.statusCode).toBe(200);
}

/** A one-click unsubscribe as a mail provider sends it: a form, no cookie, no Origin. */
function oneClick(url: string, origin: string | null = null) {
  return send(app, 'POST', new URL(url).pathname, {
    origin,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}

async function pair() {
  const tag = randomUUID().slice(0, 8);
  const owner = await registerMember(app, { displayName: `Owner ${tag}` });
  const sender = await registerMember(app, { displayName: `Sender ${tag}` });
  const item = await createItem(app, owner, { title: `Bike ${tag}` });
  return { owner, sender, item, tag };
}

describe('preferences', () => {
  it('start as the defaults (mail about proposals and messages), are saved whole, and are the member’s alone', async () => {
    const { owner, sender } = await pair();
    expect(await preferencesOf(owner)).toEqual(NOTIFICATION_DEFAULTS);
    await setPreferences(owner, (p) => {
      p.ratings.email = true;
      p.proposals.email = false;
      p.weeklySummary = true;
    });

    expect(await preferencesOf(owner)).toEqual({
      ...NOTIFICATION_DEFAULTS,
      ratings: { email: true, push: false },
      proposals: { email: false, push: false },
      weeklySummary: true,
    });
    expect(await preferencesOf(sender)).toEqual(NOTIFICATION_DEFAULTS);
  });

  it('refuses a partial or unknown set with 400 and changes nothing', async () => {
    const { owner } = await pair();
    const before = await fingerprint(app);
    for (const body of [{ proposals: { email: false, push: false } }, { ...NOTIFICATION_DEFAULTS, sms: true }, { ...NOTIFICATION_DEFAULTS, weeklySummary: 'yes' }]) {
      const response = await send(app, 'PUT', '/api/me/notification-preferences', { cookie: owner.cookie, body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });
});

describe('mail about proposals', () => {
  it('sends the receiver one multipart mail naming the community and linking to the proposal, whose one-click unsubscribe works signed out', async () => {
    const { owner, sender, item, tag } = await pair();
    const proposal = await createProposal(app, sender, item.id, { message: `Swap ${tag}?` });

    const [mail, ...more] = await mailsTo(owner);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toContain(community);
    expect(mail!.parsed.text).toContain(`Sender ${tag} offers a swap for Bike ${tag}: Swap ${tag}?`);
    expect(mail!.parsed.text).toContain(`${TEST_ORIGIN}/proposals/${proposal.id}`);
    expect(mail!.parsed.text).toContain(`${TEST_ORIGIN}/settings/notifications`);
    expect(mail!.parsed.html).toContain(`href="${TEST_ORIGIN}/proposals/${proposal.id}"`);
    expect(mail!.parsed.html).toContain(community);
    expect(headerLine(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(headerLine(mail!, 'List-Unsubscribe') ?? '')?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${TEST_ORIGIN}/api/unsubscribe/proposals_`));
    // The footer's link is the page that asks first: a GET from a mail scanner changes nothing.
    expect(mail!.parsed.html).toContain(`href="${unsubscribe!.replace('/api/unsubscribe/', '/unsubscribe/')}"`);
    expect(await mailsTo(sender)).toEqual([]);

    const response = await oneClick(unsubscribe!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'proposals', channel: 'email' });
    expect((await preferencesOf(owner)).proposals).toEqual({ email: false, push: false });
    expect((await preferencesOf(owner)).messages.email).toBe(true);

    const another = await registerMember(app);
    await createProposal(app, another, item.id);
    expect(await mailsTo(owner)).toHaveLength(1);
    // The same link again (a provider retrying) still answers 200 and leaves it off.
    expect((await oneClick(unsubscribe!, 'https://mail.provider.example')).statusCode).toBe(200);
  });

  it('writes to each member in their own language, whatever language the change was made in', async () => {
    const tag = randomUUID().slice(0, 8);
    const owner = await registerMember(app, { displayName: `Besitzerin ${tag}` }, { headers: { 'accept-language': 'de-DE' } });
    const sender = await registerMember(app, { displayName: `Sender ${tag}` });
    const item = await createItem(app, owner, { title: `Fahrrad ${tag}` });
    await createProposal(app, sender, item.id, { message: `Swap ${tag}?` });

    const [mail] = await mailsTo(owner);
    const inGerman = inLocale('de', () => ({
      title: TEXT.notifications.newProposal,
      body: TEXT.notifications.newProposalBody({ sender: `Sender ${tag}`, offer: 'nothing', points: 0, item: `Fahrrad ${tag}`, message: `Swap ${tag}?` }),
    }));
    expect(mail!.parsed.subject).toContain(inGerman.title);
    expect(mail!.parsed.text).toContain(inGerman.body);
    expect(inGerman.title).not.toBe(TEXT.notifications.newProposal);
  });

  it('refuses a forged or altered unsubscribe link with 400 and a clear text, changing nothing', async () => {
    const { owner, sender, item } = await pair();
    await createProposal(app, sender, item.id);
    const genuine = /^<(.+)>$/.exec(headerLine((await mailsTo(owner))[0]!, 'List-Unsubscribe')!)![1]!;
    const forged = [
      genuine.replace('/proposals_', '/messages_'),
      genuine.replace(owner.user.id, sender.user.id),
      `${genuine.slice(0, -2)}AA`,
      `${TEST_ORIGIN}/api/unsubscribe/not-a-token`,
    ];
    const before = await fingerprint(app);
    for (const url of forged) {
      const response = await oneClick(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: TEXT.notificationPreferences.unsubscribeInvalid } });
    }
    expect(await fingerprint(app.services.database.db)).toBe(before);
  });

  it('sends nothing to a member who switched proposal mail off, and checks again when the job runs', async () => {
    const { owner, sender, item } = await pair();
    await setPreferences(owner, (p) => (p.proposals.email = false));
    await createProposal(app, sender, item.id);
    expect(await mailsTo(owner)).toEqual([]);

    // Switched off after the proposal was sent but before its mail went out.
    const other = await pair();
    await app.services.jobs.stop();
    try {
      await createProposal(app, other.sender, other.item.id);
      await setPreferences(other.owner, (p) => (p.proposals.email = false));
    } finally {
      await app.services.jobs.start();
    }
    expect(await mailsTo(other.owner)).toEqual([]);
  });

  it('tells the offerer of an accept, a decline and a counter, and the other side of a cancel, one mail each', async () => {
    const { owner, sender, item, tag } = await pair();
    const accepted = await createProposal(app, sender, item.id);
    await answer(app, owner, accepted.id, 'accept');
    const second = await createProposal(app, sender, (await createItem(app, owner)).id);
    await answer(app, owner, second.id, 'decline');
    const third = await createProposal(app, sender, (await createItem(app, owner)).id);
    await answer(app, sender, third.id, 'cancel');
    const fourth = await createProposal(app, sender, (await createItem(app, owner)).id);
    const countered = (await counter(app, owner, fourth.id)).json<{ proposal: { id: string } }>().proposal;

    const toSender = (await mailsTo(sender)).map((mail) => [mail.parsed.subject, mail.parsed.text]);
    expect(toSender).toEqual([
      [expect.stringContaining(TEXT.notifications.proposalAccepted), expect.stringContaining(`/proposals/${accepted.id}`)],
      [expect.stringContaining(TEXT.notifications.proposalDeclined), expect.stringContaining(`/proposals/${second.id}`)],
      [expect.stringContaining(TEXT.notifications.counterOffer), expect.stringContaining(`/proposals/${countered.id}`)],
    ]);
    const cancelled = (await mailsTo(owner)).filter((mail) => mail.parsed.subject?.includes(TEXT.notifications.proposalCancelled));
    expect(cancelled.map((mail) => mail.parsed.text)).toEqual([expect.stringContaining(`Sender ${tag} cancelled their proposal`)]);
  });

  it('escapes in the HTML what members wrote', async () => {
    const owner = await registerMember(app);
    const sender = await registerMember(app, { displayName: '<img src=x onerror=alert(1)>' });
    const item = await createItem(app, owner, { title: 'Lamp & "shade"' });
    await createProposal(app, sender, item.id, { message: '<script>alert(2)</script>' });

    const [mail] = await mailsTo(owner);
    expect(mail!.parsed.html).not.toMatch(/<img src=x|<script>/);
    expect(mail!.parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail!.parsed.html).toContain('Lamp &amp; &quot;shade&quot;');
    expect(mail!.parsed.text).toContain('<script>alert(2)</script>');
  });
});

describe('mail about ratings and community notices', () => {
  it('reaches only members who switched them on, linking to the right page', async () => {
    const { owner, sender, item, tag } = await pair();
    const proposal = await createProposal(app, sender, item.id);
    await answer(app, owner, proposal.id, 'accept');
    await completeSwap(app, [owner, sender], proposal.id);
    await setPreferences(owner, (p) => (p.ratings.email = true));
    const before = (await mailsTo(owner)).length;
    const beforeSender = (await mailsTo(sender)).length;

    await send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: sender.cookie, body: { stars: 4 } });
    await send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: owner.cookie, body: { stars: 5 } });

    const rating = (await mailsTo(owner)).slice(before);
    expect(rating.map((mail) => [mail.parsed.subject, mail.parsed.text])).toEqual([
      [expect.stringContaining(TEXT.notifications.ratingReceived), expect.stringContaining(`/profile/${owner.user.id}`)],
    ]);
    expect(rating[0]!.parsed.text).toContain(`Sender ${tag} rated your swap for Bike ${tag}: 4 of 5 stars.`);
    // The sender left ratings mail off (the default): their rating is in the app only.
    expect((await mailsTo(sender)).slice(beforeSender)).toEqual([]);

    const moderator = await registerWithRole(app, 'moderator', `Moderator ${tag}`);
    await setPreferences(sender, (p) => (p.community.email = true));
    const listing = await createItem(app, sender);
    expect((await send(app, 'POST', `/api/admin/items/${listing.id}/hide`, { cookie: moderator.cookie, body: { reason: 'Blurry' } })).statusCode).toBe(204);
    const notice = (await mailsTo(sender)).slice(beforeSender);
    expect(notice.map((mail) => [mail.parsed.subject, mail.parsed.text])).toEqual([
      [expect.stringContaining(TEXT.moderation.listingHiddenTitle), expect.stringContaining(`/item/${listing.id}`)],
    ]);
    const hiddenAgain = await createItem(app, owner);
    await send(app, 'POST', `/api/admin/items/${hiddenAgain.id}/hide`, { cookie: moderator.cookie, body: { reason: 'Blurry' } });
    expect((await mailsTo(owner)).slice(before + 1)).toEqual([]);
  });
});

describe('mail about messages', () => {
  async function chat() {
    const tag = randomUUID().slice(0, 8);
    const reader = await registerMember(app, { displayName: `Reader ${tag}` });
    const writer = await registerMember(app, { displayName: `Writer ${tag}` });
    const opened = await send(app, 'POST', '/api/conversations', { cookie: writer.cookie, body: { otherUserId: reader.user.id } });
    const conversationId = opened.json<{ conversation: { id: string } }>().conversation.id;
    const write = async (text: string) => {
      const response = await send(app, 'POST', `/api/conversations/${conversationId}/messages`, {
        cookie: writer.cookie,
        body: { clientId: randomUUID(), text },
      });
      expect(response.statusCode).toBe(200);
    };
    return { reader, writer, conversationId, write, tag };
  }

  /** Presence as the presence module writes it: a tab closed `minutes` ago, or one open now. */
  async function lastSeen(member: Member, minutes: number | 'online') {
    const at = minutes === 'online' ? sql`now() + interval '1 hour'` : sql`now() - make_interval(mins => ${minutes})`;
    await app.services.database.db
      .update(users)
      .set(minutes === 'online' ? { onlineUntil: at } : { onlineUntil: at, lastSeenAt: at })
      .where(eq(users.id, member.user.id));
  }

  const messageJobsDue = () => jobsFallDue(app, 'notify.message');

  it('sends one mail per conversation for several messages within the quiet spell, once the reader has been away 10 minutes', async () => {
    const { reader, conversationId, write, tag } = await chat();
    await lastSeen(reader, 1);
    await write('First');
    await write('Second');
    await write(`Third ${tag}`);
    expect(await mailsTo(reader)).toEqual([]);

    await lastSeen(reader, 11);
    await messageJobsDue();
    const [mail, ...more] = await mailsTo(reader);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toContain(`New message from Writer ${tag}`);
    expect(mail!.parsed.text).toContain(`Third ${tag}`);
    expect(mail!.parsed.text).toContain(`${TEST_ORIGIN}/chat/${conversationId}`);
    expect(headerLine(mail!, 'List-Unsubscribe')).toMatch(/\/api\/unsubscribe\/messages_/);

    // Still away: more messages in the same spell add no mail.
    await write('Fourth');
    await messageJobsDue();
    expect(await mailsTo(reader)).toHaveLength(1);
  });

  it('sends nothing when the reader reads the conversation before the quiet spell ends', async () => {
    const { reader, conversationId, write } = await chat();
    await lastSeen(reader, 2);
    await write('Are you there?');
    expect((await send(app, 'POST', `/api/conversations/${conversationId}/read`, { cookie: reader.cookie })).statusCode).toBe(204);

    await lastSeen(reader, 30);
    await messageJobsDue();
    expect(await mailsTo(reader)).toEqual([]);
  });

  it('waits while the reader has a tab open, and mails once they have been gone 10 minutes; a new spell gets a new mail', async () => {
    const { reader, write } = await chat();
    await lastSeen(reader, 'online');
    await write('Hello');
    await messageJobsDue();
    expect(await mailsTo(reader)).toEqual([]);
    await messageJobsDue();
    expect(await mailsTo(reader)).toEqual([]);

    await lastSeen(reader, 3);
    await messageJobsDue();
    expect(await mailsTo(reader)).toEqual([]);
    await lastSeen(reader, 10);
    await messageJobsDue();
    expect(await mailsTo(reader)).toHaveLength(1);

    // Twenty minutes on, back in the app (without opening the chat), then away again: a new quiet spell.
    await app.services.database.db
      .update(messageDeliveries)
      .set({ deliveredAt: sql`now() - interval '20 minutes'` })
      .where(eq(messageDeliveries.userId, reader.user.id));
    await lastSeen(reader, 'online');
    await write('Still there?');
    await lastSeen(reader, 12);
    await messageJobsDue();
    expect(await mailsTo(reader)).toHaveLength(2);
  });

  it('writes the job for when the mail could first go: a reader in the app does not wake the worker for nothing, one long gone is mailed at once', async () => {
    const inApp = await chat();
    const away = await chat();
    await lastSeen(inApp.reader, 'online');
    await lastSeen(away.reader, 30);
    const emailJobDueInSeconds = async (member: Member) => {
      const [job] = await app.services.database.db
        .select({ seconds: sql<number>`extract(epoch from ${jobs.runAt} - now())`.mapWith(Number) })
        .from(jobs)
        .where(sql`${jobs.kind} = 'notify.message' and ${jobs.payload}->>'userId' = ${member.user.id} and ${jobs.payload}->>'channel' = 'email'`);
      return job?.seconds;
    };
    // Held back, so the rows are read as the send wrote them.
    await app.services.jobs.stop();
    try {
      await inApp.write('Hello');
      await away.write('Hello');
      // The tab's presence lasts an hour, then the quiet spell of 10 minutes.
      expect(await emailJobDueInSeconds(inApp.reader)).toBeGreaterThan(69 * 60);
      expect(await emailJobDueInSeconds(inApp.reader)).toBeLessThanOrEqual(70 * 60);
      expect(await emailJobDueInSeconds(away.reader)).toBeLessThanOrEqual(0);
    } finally {
      await app.services.jobs.start();
    }
    expect(await mailsTo(away.reader)).toHaveLength(1);
    expect(await mailsTo(inApp.reader)).toEqual([]);
  });

  it('sends nothing to a reader who switched message mail off', async () => {
    const { reader, write } = await chat();
    await setPreferences(reader, (p) => (p.messages.email = false));
    await lastSeen(reader, 60);
    await write('Anyone?');
    await messageJobsDue();
    expect(await mailsTo(reader)).toEqual([]);
  });
});

describe('a rating swap that waited 14 days', () => {
  it('mails the rating too when the swap was never completed', async () => {
    const { owner, sender, item } = await pair();
    const proposal = await createProposal(app, sender, item.id);
    await answer(app, owner, proposal.id, 'accept');
    await acceptedDaysAgo(app, proposal.id, 15);
    await setPreferences(sender, (p) => (p.ratings.email = true));
    const before = (await mailsTo(sender)).length;
    expect((await send(app, 'POST', `/api/proposals/${proposal.id}/rating`, { cookie: owner.cookie, body: { stars: 3 } })).statusCode).toBe(200);
    expect((await mailsTo(sender)).slice(before).map((mail) => mail.parsed.subject)).toEqual([expect.stringContaining(TEXT.notifications.ratingReceived)]);
  });
});

describe('the weekly summary', () => {
  const summariesTo = (mails: ReceivedMail[]) => mails.filter((mail) => mail.parsed.subject === MAIL_TEXT.weeklySummary.subject({ community }));

  /** What the hourly sweep does, on this one instance, and the jobs it queued run. */
  async function sweep(member: Member): Promise<ReceivedMail[]> {
    await app.services.weeklySummaries.sweep();
    return summariesTo(await mailsTo(member));
  }

  /** Said when a summary that should have come did not (seen once on PostgreSQL on a busy machine): the jobs left, with their errors. */
  async function jobsLeft(): Promise<string> {
    const left = await app.services.database.db.select({ kind: jobs.kind, attempts: jobs.attempts, lastError: jobs.lastError }).from(jobs);
    return `no summary; jobs left: ${JSON.stringify(left)}`;
  }

  /** A week goes by for everyone: every moment a summary reads moves eight days back. */
  async function weekPasses() {
    const { db } = app.services.database;
    const earlier = (column: AnyPgColumn) => sql`${column} - interval '8 days'`;
    await db.update(users).set({
      createdAt: earlier(users.createdAt),
      lastSeenAt: earlier(users.lastSeenAt),
      onlineUntil: earlier(users.onlineUntil),
      lastWeeklySummaryAt: earlier(users.lastWeeklySummaryAt),
    });
    await db.update(items).set({ createdAt: earlier(items.createdAt) });
    await db.update(notifications).set({ createdAt: earlier(notifications.createdAt) });
  }

  async function optedIn(name: string) {
    const member = await registerMember(app, { displayName: name });
    await setPreferences(member, (p) => (p.weeklySummary = true));
    return member;
  }

  it('mails an opted-in member their unread notices and the new listings, a handful each with counts, linking to both pages, once a week', async () => {
    const tag = randomUUID().slice(0, 8);
    const reader = await optedIn(`Reader ${tag}`);
    const lister = await registerMember(app, { displayName: `Lister ${tag}` });
    const own = await createItem(app, reader, { title: `Own lamp ${tag}` });
    await createProposal(app, lister, own.id, { message: `Swap ${tag}?` });
    const listings = [];
    for (let n = 1; n <= 6; n++) listings.push(await createItem(app, lister, { title: `Listing ${String(n)} ${tag}`, value: String(n * 10), location: 'Leeds' }));

    const [mail, ...more] = await sweep(reader);
    expect(mail, await jobsLeft()).toBeDefined();
    expect(more).toEqual([]);
    const text = mail!.parsed.text!;
    expect(text).toContain(`1 unread notification`);
    expect(text).toContain(`Lister ${tag} offers a swap for Own lamp ${tag}: Swap ${tag}?`);
    expect(text).toContain(`6 new listings`);
    // Newest first, five shown and the sixth counted.
    const shown = [...text.matchAll(new RegExp(`Listing (\\d) ${tag}`, 'g'))].map((match) => match[1]);
    expect(shown).toEqual(['6', '5', '4', '3', '2']);
    expect(text).toContain('and 1 more');
    expect(text).toContain(`60 points · Leeds`);
    expect(text).not.toContain(`Own lamp ${tag} (`);
    for (const url of [`${TEST_ORIGIN}/notifications`, `${TEST_ORIGIN}/marketplace`, `${TEST_ORIGIN}/item/${listings[5]!.id}`, `${TEST_ORIGIN}/settings/notifications`]) {
      expect(text).toContain(url);
      expect(mail!.parsed.html).toContain(`href="${url}"`);
    }
    expect(mail!.parsed.html).toContain(community);
    expect(headerLine(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(headerLine(mail!, 'List-Unsubscribe')).toMatch(new RegExp(`^<${TEST_ORIGIN}/api/unsubscribe/weeklySummary_${reader.user.id}_`));

    // A second sweep the same week, with news since: nothing more.
    await createItem(app, lister, { title: `Later listing ${tag}` });
    expect(await sweep(reader)).toHaveLength(1);

    // A week on: only what is new since the last summary, not what it already told.
    await weekPasses();
    const [, next] = await sweep(reader);
    expect(next!.parsed.text).toContain(`1 new listing`);
    expect(next!.parsed.text).toContain(`Later listing ${tag}`);
    expect(next!.parsed.text).not.toContain(`Listing 6 ${tag}`);
    expect(next!.parsed.text).not.toContain('unread notification');
  });

  it('switches only the weekly summary off by its one-click unsubscribe, signed out', async () => {
    const reader = await optedIn(`Reader ${randomUUID().slice(0, 8)}`);
    await createItem(app, await registerMember(app));
    const [mail] = await sweep(reader);
    const unsubscribe = /^<(.+)>$/.exec(headerLine(mail!, 'List-Unsubscribe')!)![1]!;
    expect(mail!.parsed.html).toContain(`href="${unsubscribe.replace('/api/unsubscribe/', '/unsubscribe/')}"`);

    const response = await oneClick(unsubscribe);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ kind: 'weeklySummary', channel: 'email' });
    expect(await preferencesOf(reader)).toEqual(NOTIFICATION_DEFAULTS);

    await weekPasses();
    await createItem(app, await registerMember(app));
    expect(await sweep(reader)).toHaveLength(1);
  });

  it('sends nothing to a member who left it off (the default), nor when nothing is new since their last visit', async () => {
    const tag = randomUUID().slice(0, 8);
    const silent = await registerMember(app, { displayName: `Silent ${tag}` });
    const visitor = await optedIn(`Visitor ${tag}`);
    const lister = await registerMember(app);
    await createProposal(app, lister, (await createItem(app, silent)).id);
    await createItem(app, lister);
    // The visitor came by after the listing went up (their tab closed just now).
    await app.services.database.db.update(users).set({ lastSeenAt: sql`now()` }).where(eq(users.id, visitor.user.id));

    expect(await sweep(silent)).toEqual([]);
    expect(await sweep(visitor)).toEqual([]);
  });

  it('leaves out the listings of members they blocked, their own, hidden ones and a suspended member’s', async () => {
    const tag = randomUUID().slice(0, 8);
    const reader = await optedIn(`Reader ${tag}`);
    const [blocked, hider, suspended, shown] = await Promise.all(['Blocked', 'Hidden', 'Suspended', 'Shown'].map((name) => registerMember(app, { displayName: `${name} ${tag}` })));
    const moderator = await registerWithRole(app, 'moderator', `Moderator ${tag}`);
    expect((await send(app, 'POST', '/api/blocks', { cookie: reader.cookie, body: { userId: blocked!.user.id } })).statusCode).toBe(200);
    await createItem(app, blocked!, { title: `Blocked item ${tag}` });
    await createItem(app, reader, { title: `Own item ${tag}` });
    const hidden = await createItem(app, hider!, { title: `Hidden item ${tag}` });
    expect((await send(app, 'POST', `/api/admin/items/${hidden.id}/hide`, { cookie: moderator.cookie, body: { reason: 'Blurry' } })).statusCode).toBe(204);
    await createItem(app, suspended!, { title: `Suspended item ${tag}` });
    const suspension = await send(app, 'POST', `/api/admin/members/${suspended!.user.id}/suspension`, {
      cookie: moderator.cookie,
      body: { duration: '7d', reason: 'Spam' },
    });
    expect(suspension.statusCode).toBe(200);
    await createItem(app, shown!, { title: `Shown item ${tag}` });

    const [mail] = await sweep(reader);
    const listed = [...mail!.parsed.text!.matchAll(new RegExp(`(\\w+) item ${tag}`, 'g'))].map((match) => match[1]);
    expect(listed).toEqual(['Shown']);
    expect(mail!.parsed.text).toContain('1 new listing');
  });
});
