import { TEXT, type CurrentUser } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { DEFAULT_COMMUNITY_SETTINGS } from '../test/community.ts';
import { registerMember, send } from '../test/members.ts';
import { registerWithRole } from '../test/roles.ts';
import { inLocale } from './language.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await buildTestApp());
});
afterAll(async () => {
  await app.close();
});

const errorIn = async (acceptLanguage: string | undefined, body: unknown) => {
  const response = await send(app, 'POST', '/api/auth/login', { body, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  return response.json<{ error: { message: string } }>().error.message;
};

describe("the server's language", () => {
  it('answers in the language the request asks for, else the default: refusals and validation alike', async () => {
    const wrong = { email: 'nobody@example.com', password: 'not-the-password' };
    const english = await errorIn(undefined, wrong);
    expect(english).toBe(inLocale('en', () => TEXT.account.invalidCredentials));
    expect(await errorIn('de-DE,de;q=0.9', wrong)).toBe(inLocale('de', () => TEXT.account.invalidCredentials));
    expect(await errorIn('es', wrong)).toBe(inLocale('es', () => TEXT.account.invalidCredentials));
    expect(await errorIn('fr', wrong)).toBe(english);
    // The three differ: each came from its own catalogue.
    expect(new Set([english, inLocale('de', () => TEXT.account.invalidCredentials), inLocale('es', () => TEXT.account.invalidCredentials)]).size).toBe(3);

    const badEmail = { email: 'not an email', password: 'whatever1' };
    expect(await errorIn('de', badEmail)).toBe(inLocale('de', () => TEXT.account.emailInvalid));
  });

  it('keeps the language a member signed up in, and the one they choose, on their account', async () => {
    const member = await registerMember(app, {}, { headers: { 'accept-language': 'es-ES' } });
    const me = async () => (await send(app, 'GET', '/api/me', { cookie: member.cookie })).json<{ user: CurrentUser }>().user;
    expect((await me()).locale).toBe('es');

    expect((await send(app, 'PUT', '/api/me/language', { cookie: member.cookie, body: { locale: 'de' } })).statusCode).toBe(204);
    expect((await me()).locale).toBe('de');

    const refused = await send(app, 'PUT', '/api/me/language', { cookie: member.cookie, body: { locale: 'fr' }, headers: { 'accept-language': 'de' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(inLocale('de', () => TEXT.account.languageUnknown));
    expect((await me()).locale).toBe('de');
  });

  it("answers a browser that asks for none of ours in the community's language, which an admin chooses", async () => {
    const admin = await registerWithRole(app, 'admin');
    const wrong = { email: 'nobody-else@example.com', password: 'not-the-password' };
    const save = (defaultLocale: string) =>
      send(app, 'PUT', '/api/admin/settings', { cookie: admin.cookie, body: { ...DEFAULT_COMMUNITY_SETTINGS, defaultLocale } });

    expect((await save('es')).json<{ settings: { defaultLocale: string } }>().settings.defaultLocale).toBe('es');
    expect(await errorIn('fr-FR', wrong)).toBe(inLocale('es', () => TEXT.account.invalidCredentials));
    expect(await errorIn(undefined, wrong)).toBe(inLocale('es', () => TEXT.account.invalidCredentials));
    // A browser that asks for one of ours still gets it.
    expect(await errorIn('de', wrong)).toBe(inLocale('de', () => TEXT.account.invalidCredentials));

    const refused = await save('fr');
    expect(refused.statusCode).toBe(400);
    expect((await save('en')).statusCode).toBe(200);
    expect(await errorIn('fr-FR', wrong)).toBe(inLocale('en', () => TEXT.account.invalidCredentials));
  });
});
