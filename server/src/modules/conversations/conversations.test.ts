import { SEARCH_MAX_LENGTH, TEXT, type ChatMessage, type ConversationPage, type ConversationSummary, type Notification } from '@swapyard/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema/index.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { storedFileCount } from '../../test/chat-photos.ts';
import { png } from '../../test/images.ts';
import { createItem } from '../../test/items.ts';
import { profileOf, registerMember, send, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { registerWithRole } from '../../test/roles.ts';
import { openSocket, presenceHeard, watchPresence } from '../../test/sockets.ts';
import * as repo from './repository.ts';

let app: FastifyInstance;
let uploadsDir: string;
let ann: Member;
let ben: Member;

beforeEach(async () => {
  ({ app, uploadsDir } = await buildTestApp());
  ann = await registerMember(app, { displayName: 'Ann' });
  ben = await registerMember(app, { displayName: 'Ben' });
});
afterEach(async () => {
  await app.close();
});

const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { message: string } }).error.message;
const open = async (member: Member, otherUserId: string, itemId: string | null = null): Promise<ConversationSummary> =>
  (await send(app, 'POST', '/api/conversations', { cookie: member.cookie, body: { otherUserId, itemId } })).json().conversation;
const say = (member: Member, conversationId: string, text: string, clientId = randomUUID()) =>
  send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: member.cookie, body: { clientId, text } });
const listOf = async (member: Member) => (await send(app, 'GET', '/api/conversations', { cookie: member.cookie })).json();
const messagesOf = async (member: Member, id: string, query = ''): Promise<{ messages: ChatMessage[]; nextCursor: string | null }> =>
  (await send(app, 'GET', `/api/conversations/${id}/messages${query}`, { cookie: member.cookie })).json();

describe('opening conversations', () => {
  it('gives one conversation per pair per item, whoever opens it', async () => {
    const item = await createItem(app, ann, { title: 'Drill' });

    const byBen = await open(ben, ann.user.id, item.id);
    const byAnn = await open(ann, ben.user.id, item.id);
    const direct = await open(ben, ann.user.id);

    expect(byAnn.id).toBe(byBen.id);
    expect(byBen).toMatchObject({ item: { id: item.id, title: 'Drill' }, other: { id: ann.user.id, displayName: 'Ann' }, lastMessage: '', unreadCount: 0 });
    expect(direct.id).not.toBe(byBen.id);
    expect(direct.item).toBeNull();
    expect((await listOf(ann)).conversations).toEqual([]);
    await say(ben, direct.id, 'Hello');
    expect((await listOf(ann)).conversations.map((c: ConversationSummary) => c.id)).toEqual([direct.id]);
  });

  it('refuses a conversation with oneself, or without another member', async () => {
    const self = await send(app, 'POST', '/api/conversations', { cookie: ann.cookie, body: { otherUserId: ann.user.id } });
    const missing = await send(app, 'POST', '/api/conversations', { cookie: ann.cookie, body: {} });
    const unknown = await send(app, 'POST', '/api/conversations', {
      cookie: ann.cookie,
      body: { otherUserId: '00000000-0000-4000-8000-000000000000' },
    });

    expect(errorOf(self)).toBe(TEXT.conversations.withYourself);
    expect(errorOf(missing)).toBe(TEXT.conversations.otherRequired);
    expect(errorOf(unknown)).toBe(TEXT.conversations.otherRequired);
    expect((await listOf(ann)).conversations).toEqual([]);
  });
});

describe('messages', () => {
  it('delivers in order, counts unread for the receiver, and reading clears it', async () => {
    const conversation = await open(ben, ann.user.id);

    await say(ben, conversation.id, 'Hi Ann');
    await say(ben, conversation.id, 'Is the drill still free?');

    const annList = await listOf(ann);
    expect(annList.unreadConversations).toBe(1);
    expect(annList.conversations[0]).toMatchObject({ id: conversation.id, lastMessage: 'Is the drill still free?', unreadCount: 2 });
    expect((await listOf(ben)).conversations[0].unreadCount).toBe(0);
    expect((await messagesOf(ann, conversation.id)).messages.map((m) => m.text)).toEqual(['Hi Ann', 'Is the drill still free?']);

    const notifications: Notification[] = (await send(app, 'GET', '/api/notifications', { cookie: ann.cookie })).json().notifications;
    expect(notifications.filter((n) => n.type === 'message')).toEqual([
      expect.objectContaining({ relatedId: conversation.id, description: 'Is the drill still free?', read: false }),
    ]);

    expect((await send(app, 'POST', `/api/conversations/${conversation.id}/read`, { cookie: ann.cookie })).statusCode).toBe(204);
    expect((await listOf(ann)).unreadConversations).toBe(0);
    const after: Notification[] = (await send(app, 'GET', '/api/notifications', { cookie: ann.cookie })).json().notifications;
    expect(after.find((n) => n.type === 'message')?.read).toBe(true);
  });

  it("tells the receiver's open tabs of each message with a notice they can show, cut to a preview", async () => {
    const conversation = await open(ben, ann.user.id);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const annTab = await openSocket(app, { cookie: ann.cookie });
    const benTab = await openSocket(app, { cookie: ben.cookie });
    const long = `Is the drill still free? ${'🔧'.repeat(200)}`;

    await say(ben, conversation.id, 'Hi Ann');
    await say(ben, conversation.id, long);

    const notices = () => annTab.events.filter((e) => e.type === 'notifications.created').map((e) => e.data);
    await expect.poll(() => notices().length).toBe(2);
    const [first, second] = notices();
    expect(first).toMatchObject({ type: 'message', title: 'New message from Ben', description: 'Hi Ann', relatedId: conversation.id });
    expect(second).toMatchObject({ notificationId: (first as { notificationId: string }).notificationId, type: 'message' });
    // The preview of a message is shorter than a notice's cap, and ends on a whole emoji.
    const preview = (second as { description: string }).description;
    expect(Array.from(preview)).toHaveLength(120);
    expect(preview).toBe(`Is the drill still free? ${'🔧'.repeat(95)}`);
    expect(benTab.events.filter((e) => e.type === 'notifications.created')).toEqual([]);
    annTab.socket.close();
    benTab.socket.close();
  });

  it("tells both members' open tabs of a message once, and only the reader's tabs of a read", async () => {
    const conversation = await open(ben, ann.user.id);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const annTab = await openSocket(app, { cookie: ann.cookie });
    const benTab = await openSocket(app, { cookie: ben.cookie });
    const chatEvents = (tab: typeof annTab) => tab.events.filter((e) => e.type.startsWith('messages') || e.type.startsWith('conversations')).map((e) => e.type);

    const sent: ChatMessage = (await say(ben, conversation.id, 'Hi Ann')).json().message;
    await expect.poll(() => [chatEvents(annTab), chatEvents(benTab)]).toEqual([['messages.created'], ['messages.created']]);
    expect(annTab.events.find((e) => e.type === 'messages.created')?.data).toEqual({ conversationId: conversation.id, messageId: sent.id, senderId: ben.user.id });

    expect((await send(app, 'POST', `/api/conversations/${conversation.id}/read`, { cookie: ann.cookie })).statusCode).toBe(204);
    await expect.poll(() => chatEvents(annTab)).toEqual(['messages.created', 'conversations.read']);
    expect(annTab.events.find((e) => e.type === 'conversations.read')?.data).toEqual({ conversationId: conversation.id });
    await say(ben, conversation.id, 'Still there?');
    await expect.poll(() => chatEvents(benTab)).toEqual(['messages.created', 'messages.created']);
    annTab.socket.close();
    benTab.socket.close();
  });

  it('never makes a second message from a retried send', async () => {
    const conversation = await open(ben, ann.user.id);
    const clientId = randomUUID();

    const first = await say(ben, conversation.id, 'Only once', clientId);
    const retry = await say(ben, conversation.id, 'Only once', clientId);

    expect(retry.json().message).toEqual(first.json().message);
    expect((await messagesOf(ann, conversation.id)).messages).toHaveLength(1);
  });

  it('refuses a blank message', async () => {
    const conversation = await open(ben, ann.user.id);

    const blank = await say(ben, conversation.id, '   ');

    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank)).toBe(TEXT.conversations.messageRequired);
    expect((await messagesOf(ann, conversation.id)).messages).toEqual([]);
  });

  it('pages older messages with a cursor, oldest first within each page', async () => {
    const conversation = await open(ben, ann.user.id);
    for (let i = 1; i <= 5; i++) await say(i % 2 ? ben : ann, conversation.id, `m${i}`);

    const newest = await messagesOf(ann, conversation.id, '?limit=2');
    const older = await messagesOf(ann, conversation.id, `?limit=2&cursor=${newest.nextCursor}`);
    const oldest = await messagesOf(ann, conversation.id, `?limit=2&cursor=${older.nextCursor}`);

    expect([oldest, older, newest].flatMap((page) => page.messages.map((m) => m.text))).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(oldest.nextCursor).toBeNull();
  });

  it('sends an image message through the image pipeline', async () => {
    const conversation = await open(ben, ann.user.id);
    const form = multipart({ clientId: randomUUID(), text: '' }, [{ field: 'image', name: 'shelf.png', bytes: await png(), type: 'image/png' }]);

    const response = await send(app, 'POST', `/api/conversations/${conversation.id}/images`, {
      cookie: ben.cookie,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });

    expect(response.statusCode).toBe(200);
    const message: ChatMessage = response.json().message;
    expect(message.imageUrl).toMatch(new RegExp(`^/api/images/chat/${ben.user.id}/\\d{13}-[0-9a-f]{20}\\.webp$`));
    expect((await send(app, 'GET', message.imageUrl!, { cookie: ann.cookie })).headers['content-type']).toBe('image/webp');
    expect((await listOf(ann)).conversations[0].lastMessage).toBe(TEXT.conversations.photo);
  });

  it('opens a chat photo for the two in the conversation and for moderators, for nobody else, and not once removed', async () => {
    // Not Ann: the first member of a new site is its admin.
    const [cat, dan, stranger] = [await registerMember(app), await registerMember(app), await registerMember(app)];
    const conversation = await open(dan, cat.user.id);
    const moderator = await registerWithRole(app, 'moderator');
    const form = multipart({ clientId: randomUUID(), text: '' }, [{ field: 'image', name: 'shelf.png', bytes: await png(), type: 'image/png' }]);
    const response = await send(app, 'POST', `/api/conversations/${conversation.id}/images`, {
      cookie: dan.cookie,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
    const message: ChatMessage = response.json().message;
    const addresses = [message.imageUrl!, message.imageUrl!.replace(/\.webp$/, '.thumb.webp')];
    const statusFor = async (member: Member) => Promise.all(addresses.map(async (address) => (await send(app, 'GET', address, { cookie: member.cookie })).statusCode));

    expect(await statusFor(cat)).toEqual([200, 200]);
    expect(await statusFor(dan)).toEqual([200, 200]);
    expect(await statusFor(moderator)).toEqual([200, 200]);
    expect(await statusFor(stranger)).toEqual([404, 404]);

    await send(app, 'POST', '/api/reports', { cookie: cat.cookie, body: { targetType: 'message', targetId: message.id, reason: 'harassment' } });
    const removal = await send(app, 'POST', `/api/admin/messages/${message.id}/remove`, { cookie: moderator.cookie, body: { reason: 'Abusive' } });
    expect(removal.statusCode).toBe(204);

    expect(await statusFor(cat)).toEqual([404, 404]);
    expect(await statusFor(moderator)).toEqual([200, 200]);
  });
});

describe('a photo message whose write fails', () => {
  const writeMessage = repo.writeMessage;
  const sendPhoto = async (member: Member, conversationId: string) => {
    const form = multipart({ clientId: randomUUID(), text: '' }, [{ field: 'image', name: 'shelf.png', bytes: await png(), type: 'image/png' }]);
    return send(app, 'POST', `/api/conversations/${conversationId}/images`, {
      cookie: member.cookie,
      body: form.body,
      headers: { 'content-type': form.contentType },
    });
  };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps the photo of a message that was stored though the answer to its write was lost', async () => {
    const conversation = await open(ben, ann.user.id);
    vi.spyOn(repo, 'writeMessage').mockImplementationOnce(async (...args) => {
      await writeMessage(...args);
      throw new Error('Connection terminated unexpectedly');
    });

    expect((await sendPhoto(ben, conversation.id)).statusCode).toBe(500);

    const [message] = (await messagesOf(ann, conversation.id)).messages;
    expect(message!.imageUrl).toBeTruthy();
    expect((await send(app, 'GET', message!.imageUrl!, { cookie: ann.cookie })).headers['content-type']).toBe('image/webp');
  });

  it('removes the photo of a message that was not stored', async () => {
    const conversation = await open(ben, ann.user.id);
    const filesBefore = storedFileCount(uploadsDir);
    vi.spyOn(repo, 'writeMessage').mockRejectedValueOnce(new Error('Connection terminated unexpectedly'));

    expect((await sendPhoto(ben, conversation.id)).statusCode).toBe(500);

    expect((await messagesOf(ann, conversation.id)).messages).toEqual([]);
    expect(storedFileCount(uploadsDir)).toBe(filesBefore);
  });
});

describe('searching conversations', () => {
  const search = (member: Member, query: string) => send(app, 'GET', `/api/conversations?${query}`, { cookie: member.cookie });
  const found = async (member: Member, q: string): Promise<string[]> => {
    const response = await search(member, new URLSearchParams({ q }).toString());
    expect(response.statusCode).toBe(200);
    return response.json<ConversationPage>().conversations.map((c) => c.id);
  };
  /** Ann in conversation with a member of this name, who wrote this. */
  const chatWith = async (displayName: string, text: string): Promise<string> => {
    const other = await registerMember(app, { displayName });
    const conversation = await open(other, ann.user.id);
    await say(other, conversation.id, text);
    return conversation.id;
  };

  it('finds an old conversation by any of its messages, its item or the other member, past the first page', async () => {
    const kettle = await createItem(app, ben, { title: 'Copper kettle' });
    const old = await open(ann, ben.user.id, kettle.id);
    await say(ann, old.id, 'Is the lid dented?');
    await say(ben, old.id, 'See you on Saturday');
    const newer: string[] = [];
    for (let i = 1; i <= 31; i++) newer.unshift(await chatWith(`Filler ${String(i)}`, `Hello from filler ${String(i)}`));

    const firstPage: ConversationPage = await listOf(ann);
    expect(firstPage.conversations.map((c) => c.id)).toEqual(newer.slice(0, 30));
    expect(firstPage.nextCursor).not.toBeNull();

    expect(await found(ann, 'LID DENTED')).toEqual([old.id]);
    expect(await found(ann, 'kettle')).toEqual([old.id]);
    expect(await found(ann, 'ben')).toEqual([old.id]);
    // Her own name is in every conversation of hers: it is the other member's that counts.
    expect(await found(ann, 'ann')).toEqual([]);

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const response = await search(ann, `q=hello&limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      const page: ConversationPage = response.json();
      pages.push(page.conversations.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([20, 11]);
    expect(pages.flat()).toEqual(newer);
  });

  it("finds only the member's own conversations, and reads % and _ as themselves", async () => {
    const wool = await chatWith('Wendy', 'Only 100% wool');
    await chatWith('Walt', 'Over 1000 stitches');
    const underscore = await chatWith('Fran', 'Saved as file_name.txt');
    await chatWith('Fred', 'Saved as fileXname.txt');
    const cara = await registerMember(app, { displayName: 'Cara' });
    const theirs = await open(cara, ben.user.id);
    await say(cara, theirs.id, 'Only 100% wool');

    expect(await found(ann, '100%')).toEqual([wool]);
    expect(await found(ann, 'file_name')).toEqual([underscore]);
    expect(await found(ben, '100%')).toEqual([theirs.id]);
    expect(await found(ann, '   ')).toHaveLength(4);
  });

  it('refuses a search longer than the limit with the error shape', async () => {
    expect((await search(ann, `q=${'a'.repeat(SEARCH_MAX_LENGTH)}`)).statusCode).toBe(200);

    const response = await search(ann, `q=${'a'.repeat(SEARCH_MAX_LENGTH + 1)}`);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: expect.any(String) } });
  });
});

describe('presence', () => {
  it('shows the other member online while they have a tab open, then when they were last seen', async () => {
    const conversation = await open(ben, ann.user.id);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const summary = async () => (await send(app, 'GET', `/api/conversations/${conversation.id}`, { cookie: ben.cookie })).json().conversation;
    expect((await summary()).otherPresence).toEqual({ online: false, lastSeenAt: null });
    const benTab = await openSocket(app, { cookie: ben.cookie });
    // Ben's chat shows Ann: it watches her, and hears her presence as it is, before she opens a tab.
    watchPresence(benTab, [ann.user.id]);
    await expect.poll(() => presenceHeard(benTab)).toEqual([{ userId: ann.user.id, online: false, lastSeenAt: null }]);

    const annTab = await openSocket(app, { cookie: ann.cookie });
    await expect.poll(async () => (await summary()).otherPresence.online).toBe(true);
    const secondAnnTab = await openSocket(app, { cookie: ann.cookie });
    annTab.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await summary()).otherPresence.online).toBe(true);
    secondAnnTab.socket.close();

    await expect.poll(async () => (await summary()).otherPresence.online).toBe(false);
    expect(Date.parse((await summary()).otherPresence.lastSeenAt)).toBeGreaterThan(Date.now() - 10_000);
    await expect
      .poll(() => presenceHeard(benTab))
      .toEqual([
        { userId: ann.user.id, online: false, lastSeenAt: null },
        { userId: ann.user.id, online: true, lastSeenAt: null },
        { userId: ann.user.id, online: false, lastSeenAt: expect.any(String) },
      ]);

    // Back again: online, and the time she was last seen is past, as the tab's event says.
    const annBack = await openSocket(app, { cookie: ann.cookie });
    await expect.poll(async () => (await summary()).otherPresence).toEqual({ online: true, lastSeenAt: null });
    await expect.poll(() => presenceHeard(benTab).at(-1)).toEqual({ userId: ann.user.id, online: true, lastSeenAt: null });
    annBack.socket.close();
    benTab.socket.close();
  });
});

describe('who may see a conversation', () => {
  it('lets a non-participant neither read, nor post, nor hear its events', async () => {
    const conversation = await open(ben, ann.user.id);
    const eve = await registerMember(app, { displayName: 'Eve' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const eveTab = await openSocket(app, { cookie: eve.cookie });
    const annTab = await openSocket(app, { cookie: ann.cookie });

    const read = await send(app, 'GET', `/api/conversations/${conversation.id}/messages`, { cookie: eve.cookie });
    const get = await send(app, 'GET', `/api/conversations/${conversation.id}`, { cookie: eve.cookie });
    const post = await say(eve, conversation.id, 'let me in');
    const missing = await send(app, 'GET', '/api/conversations/00000000-0000-4000-8000-000000000000', { cookie: eve.cookie });
    await say(ben, conversation.id, 'private');

    for (const response of [read, get, post]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe(TEXT.conversations.notParticipant);
    }
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(TEXT.conversations.notFound);
    await expect.poll(() => annTab.events.map((e) => e.type)).toContain('messages.created');
    expect(eveTab.events.filter((e) => e.type.startsWith('messages') || e.type.startsWith('conversations'))).toEqual([]);
    expect((await messagesOf(ann, conversation.id)).messages.map((m) => m.text)).toEqual(['private']);
    eveTab.socket.close();
    annTab.socket.close();
  });
});

describe('reply times on profiles', () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  /** Sends each line, then dates it: the order of a conversation is the order of its times. */
  const chat = async (conversationId: string, lines: [Member, number][]) => {
    for (const [member, ago] of lines) {
      const message: ChatMessage = (await say(member, conversationId, `said ${String(ago)} minutes ago`)).json().message;
      await app.services.database.db.update(messages).set({ createdAt: minutesAgo(ago) }).where(eq(messages.id, message.id));
    }
  };

  it("is the median of the member's first answers in the last 90 days, shown from the fifth reply on", async () => {
    const cara = await registerMember(app, { displayName: 'Cara' });
    const withBen = (await open(ann, ben.user.id)).id;
    const withCara = (await open(ann, cara.user.id)).id;
    const daysAgo = 24 * 60;
    await chat(withBen, [
      // A day's wait 99 days ago: older than the window, so it would raise the median if counted.
      [ben, 100 * daysAgo],
      [ann, 99 * daysAgo],
      [ben, 600],
      [ann, 590], // 10 minutes
      [ann, 580], // Ann again: a follow-up, not a reply
      [ben, 500], // Ben's reply, not Ann's
      [ben, 400],
      [ann, 380], // 20 minutes, from Ben's latest message
    ]);
    await chat(withCara, [
      [ann, 1000], // opens the conversation: nothing to reply to
      [cara, 900],
      [ann, 870], // 30 minutes
      [cara, 300],
      [ann, 260], // 40 minutes
    ]);

    expect((await profileOf(app, ben, ann)).trust.replyMinutes).toBeNull();

    await chat(withCara, [
      [cara, 200],
      [ann, 150], // 50 minutes: the fifth reply
    ]);

    expect((await profileOf(app, ben, ann)).trust.replyMinutes).toBe(30);
    expect((await profileOf(app, ann, cara)).trust.replyMinutes).toBeNull();
  });
});
