import { TEXT } from '@swapyard/contract';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { UI_WAIT, pathnameOf, textsOf, toast, useBrowsers, type TestBrowser } from './fixtures/browser.ts';
import { registerMember, registerSignedIn, type Member } from './fixtures/members.ts';
import { oversizePhoto } from './fixtures/items.ts';
import { networkSwitch } from './fixtures/network.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

const CHAT_PATH = /^\/chat\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMPTY_CHAT = 'No messages yet. Start the conversation!';

interface SignedIn extends TestBrowser {
  member: Member;
}

/** A member in a browser of their own, signed in, on a blank tab: no socket until a page of the app opens. */
async function signedIn(displayName: string): Promise<SignedIn> {
  const browser = await openBrowser();
  const member = await registerSignedIn(browser.context, server().baseURL, { displayName });
  return { ...browser, member };
}

/** A small real PNG, as a camera roll would hand over (the server re-encodes what it gets). */
function png(background: string): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background } }).png().toBuffer();
}

/** Lists an item as its owner through the API, with one photo; returns its id. */
async function listItem(owner: SignedIn, title: string): Promise<string> {
  const { baseURL } = server();
  const response = await owner.context.request.post(`${baseURL}/api/items`, {
    headers: { origin: baseURL },
    multipart: {
      title,
      description: 'In good working order, collected from a smoke-free home.',
      category: 'Furniture',
      value: '40',
      location: 'Bristol',
      images: { name: 'photo.png', mimeType: 'image/png', buffer: await png('#3a7') },
    },
  });
  if (response.status() !== 201) {
    throw new Error(`listing "${title}" failed: ${String(response.status())} ${await response.text()}`);
  }
  return ((await response.json()) as { item: { id: string } }).item.id;
}

/** What Contact Owner / Send Message ask the server for, done through the API to set a journey up. */
async function openConversation(as: SignedIn, otherUserId: string, itemId: string | null = null): Promise<string> {
  const { baseURL } = server();
  const response = await as.context.request.post(`${baseURL}/api/conversations`, {
    headers: { origin: baseURL },
    data: { otherUserId, itemId },
  });
  if (response.status() !== 200) {
    throw new Error(`opening a conversation failed: ${String(response.status())} ${await response.text()}`);
  }
  return ((await response.json()) as { conversation: { id: string } }).conversation.id;
}

async function sendMessage(as: SignedIn, conversationId: string, text: string): Promise<void> {
  const { baseURL } = server();
  const response = await as.context.request.post(`${baseURL}/api/conversations/${conversationId}/messages`, {
    headers: { origin: baseURL },
    data: { clientId: randomUUID(), text },
  });
  if (response.status() !== 200) {
    throw new Error(`sending "${text}" failed: ${String(response.status())} ${await response.text()}`);
  }
}

/** The page's socket has joined the member's room, so no event published from now on can slip past it. */
async function socketOpen(member: Member): Promise<void> {
  await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBeGreaterThan(0);
}

/** Marks the loaded document, so a later check can tell an in-place update from a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.assign(window, { swapyardE2eDocument: 'original' });
  });
}

async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => Reflect.get(window, 'swapyardE2eDocument') === 'original');
}

/** The numbers on the sidebar's Messages badge: [] when there is no badge, [n] when it shows n. */
function unreadMessages(page: Page): Promise<string[]> {
  return page.getByRole('complementary').getByTestId('unread-messages').locator('[aria-hidden="true"]').allInnerTexts();
}

function bubbles(page: Page): Locator {
  return page.getByTestId('message');
}

/** The text of every message bubble, oldest first; an image-only bubble reads as "[image]". */
function bubbleTexts(page: Page): Promise<string[]> {
  return bubbles(page).evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? '[image]'));
}

/** Which side of the conversation a bubble sits on, as the reader sees it. */
async function sideOf(bubble: Locator): Promise<'left' | 'right' | 'neither'> {
  const row = await bubble.boundingBox();
  // The bubble is the row's first box; the other member's messages have their More menu after it.
  const body = await bubble.locator(':scope > div').first().boundingBox();
  if (!row || !body) throw new Error('the message bubble is not on screen');
  const gapLeft = body.x - row.x;
  const gapRight = row.x + row.width - (body.x + body.width);
  if (gapLeft < 1 && gapRight > 1) return 'left';
  if (gapRight < 1 && gapLeft > 1) return 'right';
  return 'neither';
}

async function sidesOf(page: Page): Promise<string[]> {
  const all = await bubbles(page).all();
  return Promise.all(all.map((bubble) => sideOf(bubble)));
}

/** The chat's header: the way back, the other member, their presence and the item. */
function chatHeader(page: Page): Locator {
  return page.locator('header').filter({ has: page.getByRole('link', { name: 'Back to messages' }) });
}

function presenceIn(page: Page): Locator {
  return chatHeader(page).getByText(/^(Online|Offline|Last seen .+)$/);
}

function messageBox(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Message' });
}

function sendButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Send', exact: true });
}

/** The rows of the Messages page, each a link to its chat. */
function conversationRows(page: Page): Locator {
  return page.getByRole('main').locator('a[href^="/chat/"]');
}

async function waitForChat(page: Page): Promise<string> {
  await page.waitForURL((url) => CHAT_PATH.test(url.pathname));
  return pathnameOf(page).slice('/chat/'.length);
}

describe('starting a conversation', () => {
  test('Contact Owner opens a chat about the item; the owner sees it arrive live, reads it, and answers', async () => {
    const owner = await signedIn('Alice Ownerton');
    const buyer = await signedIn('Bruno Buyersson');
    const title = 'Walnut record player';
    const itemId = await listItem(owner, title);
    const question = 'Hi Alice, is the record player still available?';
    const answer = 'It is! Come and have a listen on Saturday.';

    await owner.page.goto('/messages');
    await owner.page.getByText('No messages yet.', { exact: true }).waitFor();
    await socketOpen(owner.member);
    expect(await unreadMessages(owner.page)).toEqual([]);
    await markDocument(owner.page);

    const sends: string[] = [];
    buyer.page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/conversations\/[^/]+\/messages$/.test(request.url())) {
        sends.push(request.postData() ?? '');
      }
    });
    await buyer.page.goto(`/item/${itemId}`);
    await buyer.page.getByRole('heading', { name: title }).waitFor();
    await buyer.page.getByRole('button', { name: 'Contact Owner' }).click();

    const conversationId = await waitForChat(buyer.page);
    expect(conversationId).not.toBe(owner.member.id);
    expect(conversationId).not.toBe(buyer.member.id);
    await buyer.page.getByText(EMPTY_CHAT, { exact: true }).waitFor();
    await textsOf(chatHeader(buyer.page).getByRole('heading')).toEqual([owner.member.displayName]);
    await chatHeader(buyer.page).getByRole('link', { name: `Item: ${title}` }).waitFor();

    // Nothing to send: the button stays disabled, and Enter sends nothing either.
    expect(await sendButton(buyer.page).isDisabled()).toBe(true);
    await messageBox(buyer.page).fill('   \n   ');
    expect(await sendButton(buyer.page).isDisabled()).toBe(true);
    await messageBox(buyer.page).press('Enter');
    await messageBox(buyer.page).fill(question);
    await expect.poll(() => sendButton(buyer.page).isEnabled(), UI_WAIT).toBe(true);
    expect(sends).toEqual([]);

    await messageBox(buyer.page).press('Enter');

    await expect.poll(() => bubbleTexts(buyer.page), UI_WAIT).toEqual([question]);
    expect(await sidesOf(buyer.page)).toEqual(['right']);
    expect(await messageBox(buyer.page).inputValue()).toBe('');
    expect(await sendButton(buyer.page).isDisabled()).toBe(true);
    expect(await buyer.page.getByText(EMPTY_CHAT, { exact: true }).count()).toBe(0);
    expect(sends).toHaveLength(1);

    // The owner, who only had /messages open, sees the conversation arrive.
    const rows = conversationRows(owner.page);
    const row = rows.filter({ hasText: buyer.member.displayName });
    await row.getByText(`Item: ${title}`, { exact: true }).waitFor();
    await row.getByText(question, { exact: true }).waitFor();
    expect(await rows.count()).toBe(1);
    expect(await row.getAttribute('href')).toBe(`/chat/${conversationId}`);
    await expect.poll(() => unreadMessages(owner.page), UI_WAIT).toEqual(['1']);
    expect(await isSameDocument(owner.page)).toBe(true);

    await row.click();
    await owner.page.waitForURL((url) => url.pathname === `/chat/${conversationId}`);
    await expect.poll(() => bubbleTexts(owner.page), UI_WAIT).toEqual([question]);
    expect(await sidesOf(owner.page)).toEqual(['left']);
    await textsOf(chatHeader(owner.page).getByRole('heading')).toEqual([buyer.member.displayName]);
    await expect.poll(() => unreadMessages(owner.page), UI_WAIT).toEqual([]);

    // The buyer still has the chat open; the answer reaches it without a reload.
    await socketOpen(buyer.member);
    await markDocument(buyer.page);
    await messageBox(owner.page).fill(answer);
    await sendButton(owner.page).click();

    await expect.poll(() => bubbleTexts(buyer.page), UI_WAIT).toEqual([question, answer]);
    expect(await sidesOf(buyer.page)).toEqual(['right', 'left']);
    expect(await isSameDocument(buyer.page)).toBe(true);
    await expect.poll(() => bubbleTexts(owner.page), UI_WAIT).toEqual([question, answer]);
    expect(await sidesOf(owner.page)).toEqual(['left', 'right']);
    // Read where it arrived: the buyer is left with nothing unread.
    await expect
      .poll(async () => {
        const response = await buyer.context.request.get(`${server().baseURL}/api/conversations?limit=1`);
        return ((await response.json()) as { unreadConversations: number }).unreadConversations;
      }, UI_WAIT)
      .toBe(0);
    await expect.poll(() => unreadMessages(buyer.page), UI_WAIT).toEqual([]);
  });

  test('Send Message on a profile reopens the same conversation; Contact Owner on an item starts another', async () => {
    const owner = await signedIn('Aurora Lindqvist');
    const visitor = await signedIn('Basil Okafor');
    const hello = 'Hello! I saw your profile and wanted to say hi.';

    await visitor.page.goto(`/profile/${owner.member.id}`);
    await visitor.page.getByRole('button', { name: 'Send Message' }).click();
    const profileChat = await waitForChat(visitor.page);
    expect(profileChat).not.toBe(owner.member.id);
    await visitor.page.getByText(EMPTY_CHAT, { exact: true }).waitFor();
    await textsOf(chatHeader(visitor.page).getByRole('heading')).toEqual([owner.member.displayName]);
    expect(await chatHeader(visitor.page).getByRole('link', { name: /^Item: / }).count()).toBe(0);
    await messageBox(visitor.page).fill(hello);
    await messageBox(visitor.page).press('Enter');
    await expect.poll(() => bubbleTexts(visitor.page), UI_WAIT).toEqual([hello]);

    // Back to the profile: Send Message finds the conversation there is.
    await visitor.page.goto(`/profile/${owner.member.id}`);
    await visitor.page.getByRole('button', { name: 'Send Message' }).click();
    expect(await waitForChat(visitor.page)).toBe(profileChat);
    await expect.poll(() => bubbleTexts(visitor.page), UI_WAIT).toEqual([hello]);

    // The same pair from the other side is still the same conversation.
    await owner.page.goto(`/profile/${visitor.member.id}`);
    await owner.page.getByRole('button', { name: 'Send Message' }).click();
    expect(await waitForChat(owner.page)).toBe(profileChat);
    await expect.poll(() => bubbleTexts(owner.page), UI_WAIT).toEqual([hello]);

    // An item gets a conversation of its own.
    const title = 'Brass desk lamp';
    const itemId = await listItem(owner, title);
    await visitor.page.goto(`/item/${itemId}`);
    await visitor.page.getByRole('heading', { name: title }).waitFor();
    await visitor.page.getByRole('button', { name: 'Contact Owner' }).click();
    const itemChat = await waitForChat(visitor.page);
    expect(itemChat).not.toBe(profileChat);
    await visitor.page.getByText(EMPTY_CHAT, { exact: true }).waitFor();
    await chatHeader(visitor.page).getByRole('link', { name: `Item: ${title}` }).waitFor();
    expect(await bubbles(visitor.page).count()).toBe(0);
  });
});

describe('in the chat', () => {
  test('an image sent in the chat shows for the sender with "Image uploaded successfully", and live for the other member', async () => {
    const receiver = await signedIn('Alma Reyes');
    const sender = await signedIn('Bart Novak');
    const conversationId = await openConversation(sender, receiver.member.id);

    await receiver.page.goto(`/chat/${conversationId}`);
    await receiver.page.getByText(EMPTY_CHAT, { exact: true }).waitFor();
    await socketOpen(receiver.member);
    await markDocument(receiver.page);
    await sender.page.goto(`/chat/${conversationId}`);
    await sender.page.getByText(EMPTY_CHAT, { exact: true }).waitFor();

    await sender.page
      .locator('form input[type="file"]')
      .setInputFiles({ name: 'armchair.png', mimeType: 'image/png', buffer: await png('#a73') });

    await toast(sender.page, 'Image uploaded successfully').waitFor();
    for (const page of [sender.page, receiver.page]) {
      await expect
        .poll(
          () =>
            bubbles(page)
              .locator('img')
              .evaluateAll((images) =>
                images.map((image) => ({
                  src: image.getAttribute('src') ?? '',
                  loaded: image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
                })),
              ),
          UI_WAIT,
        )
        .toEqual([{ src: expect.stringMatching(/^\/api\/images\/chat\//), loaded: true }]);
      expect(await bubbles(page).count()).toBe(1);
    }
    expect(await sidesOf(sender.page)).toEqual(['right']);
    expect(await sidesOf(receiver.page)).toEqual(['left']);
    expect(await isSameDocument(receiver.page)).toBe(true);
  });

  test('the header shows the other member Online while they have a tab open, and "Last seen just now" once they leave', async () => {
    const away = await signedIn('Amara Quist');
    const watcher = await signedIn('Benedikt Roth');
    const conversationId = await openConversation(watcher, away.member.id);

    await watcher.page.goto(`/chat/${conversationId}`);
    await textsOf(chatHeader(watcher.page).getByRole('heading')).toEqual([away.member.displayName]);
    await socketOpen(watcher.member);
    // Signed up through the API, never had the app open: not online, and never seen.
    await textsOf(presenceIn(watcher.page)).toEqual(['Offline']);
    await markDocument(watcher.page);

    await away.page.goto('/marketplace');
    await away.page.getByTestId('member-name').waitFor();
    await socketOpen(away.member);

    await textsOf(presenceIn(watcher.page)).toEqual(['Online']);

    await away.page.close();
    await expect.poll(() => server().openSockets(away.member.id), UI_WAIT).toBe(0);

    await textsOf(presenceIn(watcher.page)).toEqual(['Last seen just now']);
    expect(await isSameDocument(watcher.page)).toBe(true);
  });

  test('messages sent while a member was offline appear once, in order, when the connection comes back', async () => {
    const reader = await signedIn('Ines Offlander');
    const writer = await signedIn('Jonas Writewell');
    const network = await networkSwitch(reader.context);
    const conversationId = await openConversation(writer, reader.member.id);
    const before = 'Are you around this week?';
    const missed = ['First while you were away', 'Second while you were away', 'Third while you were away'];
    const after = 'Glad you are back online';
    await sendMessage(writer, conversationId, before);

    await reader.page.goto(`/chat/${conversationId}`);
    await expect.poll(() => bubbleTexts(reader.page), UI_WAIT).toEqual([before]);
    await socketOpen(reader.member);
    await markDocument(reader.page);

    await network.cut();
    await expect.poll(() => server().openSockets(reader.member.id), UI_WAIT).toBe(0);
    for (const text of missed) await sendMessage(writer, conversationId, text);
    expect(await bubbleTexts(reader.page)).toEqual([before]);

    await network.restore();

    await expect.poll(() => bubbleTexts(reader.page), UI_WAIT).toEqual([before, ...missed]);
    expect(await isSameDocument(reader.page)).toBe(true);

    // The socket is back, too: the next message arrives live, and nothing is doubled.
    await socketOpen(reader.member);
    await sendMessage(writer, conversationId, after);
    await expect.poll(() => bubbleTexts(reader.page), UI_WAIT).toEqual([before, ...missed, after]);
    expect(await sidesOf(reader.page)).toEqual(['left', 'left', 'left', 'left', 'left']);
  });
});

describe('the Messages page', () => {
  test('the search box filters by name, item title and last message', async () => {
    const viewer = await signedIn('Viola Searcher');
    const { baseURL } = server();
    const quentin = await registerMember(baseURL, { displayName: 'Quentin Marlowe' });
    const beatrix = await registerMember(baseURL, { displayName: 'Beatrix Ollander' });
    const cosmo = await registerMember(baseURL, { displayName: 'Cosmo Pellegrini' });
    const typewriter = await listItem(viewer, 'Vintage typewriter');
    // Oldest first, so the list shows them newest first: Cosmo, Beatrix, Quentin.
    await sendMessage(viewer, await openConversation(viewer, quentin.id), 'See you on Tuesday then');
    await sendMessage(viewer, await openConversation(viewer, beatrix.id, typewriter), 'Happy to swap this weekend');
    await sendMessage(viewer, await openConversation(viewer, cosmo.id), 'Does the bicycle have gears?');
    const everyone = [cosmo.displayName, beatrix.displayName, quentin.displayName];

    await viewer.page.goto('/messages');
    const rows = conversationRows(viewer.page);
    const shownPartners = () =>
      expect.poll(
        async () =>
          (await rows.allInnerTexts()).map(
            (text) => everyone.find((name) => text.includes(name)) ?? `unexpected row: ${text}`,
          ),
        UI_WAIT,
      );
    await shownPartners().toEqual(everyone);
    const search = viewer.page.getByRole('searchbox', { name: 'Search conversations' });

    await search.fill('marl');
    await shownPartners().toEqual([quentin.displayName]);

    await search.fill('Typewriter');
    await shownPartners().toEqual([beatrix.displayName]);
    await rows.getByText('Item: Vintage typewriter', { exact: true }).waitFor();

    await search.fill('gears');
    await shownPartners().toEqual([cosmo.displayName]);

    await search.fill('no such conversation');
    await shownPartners().toEqual([]);
    await viewer.page.getByText('No conversations match your search.', { exact: true }).waitFor();

    await search.fill('');
    await shownPartners().toEqual(everyone);
  });
});

test('a chat photo over 10 MB is refused when picked, before a byte is sent', async () => {
  const receiver = await signedIn('Cleo Small');
  const sender = await signedIn('Dev Large');
  const conversationId = await openConversation(sender, receiver.member.id);
  const sent: string[] = [];
  sender.page.on('request', (request) => {
    if (request.method() === 'POST') sent.push(request.url());
  });
  await sender.page.goto(`/chat/${conversationId}`);
  await sender.page.getByText(EMPTY_CHAT, { exact: true }).waitFor();

  await sender.page.locator('form input[type="file"]').setInputFiles(await oversizePhoto());

  await toast(sender.page, TEXT.images.tooLarge).waitFor();
  expect(sent.filter((url) => url.includes('/images'))).toEqual([]);
  expect(await bubbles(sender.page).count()).toBe(0);
});
