import { TEXT, type Locale, type NotificationPage } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inLocale } from '../../plugins/language.ts';
import { buildTestApp } from '../../test/build-test-app.ts';
import { createItem } from '../../test/items.ts';
import { registerMember, send, type Member } from '../../test/members.ts';
import { createProposal } from '../../test/proposals.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
  await registerMember(app, { displayName: 'Founder' });
});
afterAll(async () => {
  await app.close();
});

async function firstNotice(member: Member, locale: Locale) {
  const response = await send(app, 'GET', '/api/notifications', { cookie: member.cookie, headers: { 'accept-language': locale } });
  return response.json<NotificationPage>().notifications[0]!;
}

it('reads in the language of whoever reads it, not the one it was written in', async () => {
  const owner = await registerMember(app, { displayName: 'Olga Owner' });
  const sender = await registerMember(app, { displayName: 'Sam Sender' });
  const item = await createItem(app, owner, { title: 'Standing lamp' });
  // Written in the sender's request, in English.
  await createProposal(app, sender, item.id, { pointsOffer: 50, message: 'Hola' });

  for (const locale of ['de', 'en', 'es'] as const) {
    const notice = await firstNotice(owner, locale);
    expect(notice.title).toBe(inLocale(locale, () => TEXT.notifications.newProposal));
    expect(notice.description).toBe(
      inLocale(locale, () => TEXT.notifications.newProposalBody({ sender: 'Sam Sender', offer: 'points', points: 50, item: 'Standing lamp', message: 'Hola' })),
    );
  }
  expect(new Set(await Promise.all((['de', 'en', 'es'] as const).map(async (locale) => (await firstNotice(owner, locale)).title))).size).toBe(3);
});
