import { TEXT, type ConversationPage, type Locale, type NotificationPage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inLocale } from '../../plugins/language.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { png } from '../../test/images.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { multipart } from '../../test/multipart.ts';
import { registerWithRole } from '../../test/roles.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  await registerMember(app, { displayName: 'Founder' });
});
afterAll(async () => {
  await app.close();
});

const inLanguage = (locale: Locale) => ({ 'accept-language': locale });

async function conversationOf(from: Member, to: Member): Promise<string> {
  return (await send(app, 'POST', '/api/conversations', { cookie: from.cookie, body: { otherUserId: to.user.id } })).json().conversation.id;
}

/** A photo without words, sent from a page in `locale`. */
async function sendPhoto(member: Member, conversationId: string, locale: Locale): Promise<string> {
  const form = multipart({ clientId: randomUUID(), text: '' }, [{ field: 'image', name: 'shelf.png', bytes: await png(), type: 'image/png' }]);
  const response = await send(app, 'POST', `/api/conversations/${conversationId}/images`, {
    cookie: member.cookie,
    body: form.body,
    headers: { 'content-type': form.contentType, ...inLanguage(locale) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().message.id;
}

async function previewFor(member: Member, locale: Locale, q?: string) {
  const list = await send(app, 'GET', `/api/conversations${q ? `?q=${encodeURIComponent(q)}` : ''}`, { cookie: member.cookie, headers: inLanguage(locale) });
  const notices = await send(app, 'GET', '/api/notifications', { cookie: member.cookie, headers: inLanguage(locale) });
  return {
    list: list.json<ConversationPage>().conversations.map((conversation) => conversation.lastMessage),
    notice: notices.json<NotificationPage>().notifications.find((notice) => notice.type === 'message')?.description,
  };
}

it('a photo sent from a Spanish page reads "Photo" in the list and the notice of a reader in English or German', async () => {
  const [writer, reader] = [await registerMember(app), await registerMember(app)];
  await sendPhoto(writer, await conversationOf(writer, reader), 'es');

  for (const locale of ['en', 'de', 'es'] as const) {
    const photo = inLocale(locale, () => TEXT.conversations.photo);
    expect(await previewFor(reader, locale)).toEqual({ list: [photo], notice: photo });
  }
  expect(inLocale('en', () => TEXT.conversations.photo)).not.toBe(inLocale('es', () => TEXT.conversations.photo));
});

it('a search finds a photo by the word for it in the reader\'s language', async () => {
  const [writer, reader] = [await registerMember(app), await registerMember(app)];
  await sendPhoto(writer, await conversationOf(writer, reader), 'de');

  expect((await previewFor(reader, 'en', 'photo')).list).toEqual([inLocale('en', () => TEXT.conversations.photo)]);
  expect((await previewFor(reader, 'es', 'foto')).list).toEqual([inLocale('es', () => TEXT.conversations.photo)]);
  expect((await previewFor(reader, 'es', 'photo')).list).toEqual([]);
});

it('a message removed by a German moderator reads as removed in each member\'s language, in the list and the notice', async () => {
  const moderator = await registerWithRole(app, 'moderator');
  const [writer, reader] = [await registerMember(app), await registerMember(app)];
  const conversationId = await conversationOf(writer, reader);
  const photoId = await sendPhoto(writer, conversationId, 'en');

  const removed = await send(app, 'POST', `/api/admin/messages/${photoId}/remove`, { cookie: moderator.cookie, body: { reason: 'Not a swap' }, headers: inLanguage('de') });
  expect(removed.statusCode).toBe(204);

  for (const locale of ['en', 'es', 'de'] as const) {
    const placeholder = inLocale(locale, () => TEXT.moderation.messageRemoved);
    expect(await previewFor(reader, locale)).toEqual({ list: [placeholder], notice: placeholder });
    expect((await previewFor(writer, locale)).list).toEqual([placeholder]);
  }
});

it('a text message keeps the member\'s own words for every reader', async () => {
  const [writer, reader] = [await registerMember(app), await registerMember(app)];
  const conversationId = await conversationOf(writer, reader);
  await send(app, 'POST', `/api/conversations/${conversationId}/messages`, { cookie: writer.cookie, body: { clientId: randomUUID(), text: 'Hola, ¿sigue libre?' }, headers: inLanguage('es') });

  for (const locale of ['en', 'de'] as const) {
    expect(await previewFor(reader, locale)).toEqual({ list: ['Hola, ¿sigue libre?'], notice: 'Hola, ¿sigue libre?' });
  }
});
