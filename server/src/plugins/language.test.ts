import { TEXT, type CurrentUser } from '@swapyard/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { registerMember, send } from '../test/members.ts';
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
});
