import type { Locale } from '@swapyard/contract';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PHONE, toast, UI_WAIT, useBrowsers } from './fixtures/browser.ts';
import { pngFile } from './fixtures/items.ts';
import { inLanguage } from './fixtures/language.ts';
import { fillRegisterForm, newMember, registerSignedIn, signIn } from './fixtures/members.ts';
import { choosePlace } from './fixtures/places.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/** The member's choice in Settings, made through the API: the app then opens in it wherever they sign in. */
async function chooseLanguage(context: BrowserContext, locale: Locale): Promise<void> {
  const { baseURL } = server();
  const response = await context.request.put(`${baseURL}/api/me/language`, { headers: { origin: baseURL }, data: { locale } });
  expect(response.status()).toBe(204);
}

describe.each([
  ['es', 'es-ES', 'Lámpara de pie'],
  ['de', 'de-DE', 'Stehlampe'],
] as const)('in %s', (locale, phoneLanguage, title) => {
  const say = inLanguage(locale);

  test('a member signs up, lists an item, is offered a swap and chats, every control found by its name in the language', async () => {
    // Ana's phone is set to the language; she never chooses it.
    const ana = await openBrowser({ locale: phoneLanguage, viewport: PHONE });
    const member = newMember({ displayName: 'Ana Example' });
    await ana.page.goto('/register');
    await expect.poll(() => ana.page.locator('html').getAttribute('lang'), UI_WAIT).toBe(locale);
    await fillRegisterForm(ana.page, member, member.password, say);
    await ana.page.getByRole('button', { name: say('Create Account') }).click();
    await toast(ana.page, say('Registration successful!')).waitFor();

    await ana.page.goto('/add-item');
    await ana.page.getByLabel(say('Title')).fill(title);
    await ana.page.getByLabel(say('Description')).fill('✓');
    await ana.page.getByLabel(say('Category')).selectOption('Furniture');
    await ana.page.getByLabel(say('Value (in points)')).fill('40');
    await choosePlace(ana.page, 'Leeds', 'England', say('Location'));
    await ana.page.locator('input[type=file]').setInputFiles([await pngFile('lamp.png')]);
    await ana.page.getByRole('button', { name: say.id('items.form.addSubmit'), exact: true }).click();
    await toast(ana.page, say('Item added successfully')).waitFor();
    await ana.page.waitForURL('**/marketplace');

    // Ben chose the language in his settings; his browser asks for English.
    const ben = await openBrowser();
    await registerSignedIn(ben.context, server().baseURL, { displayName: 'Ben Example' });
    await chooseLanguage(ben.context, locale);
    await ben.page.goto('/marketplace');
    await ben.page.getByRole('link', { name: title }).first().click();
    await ben.page.waitForURL('**/item/*');
    const itemPage = ben.page.url();
    await expect.poll(() => ben.page.locator('html').getAttribute('lang'), UI_WAIT).toBe(locale);
    await ben.page.getByRole('link', { name: say.id('items.detail.proposeExchange') }).click();
    await ben.page.getByLabel(say.id('proposals.message')).fill('?');
    await ben.page.getByLabel(say('Points to add')).fill('10');
    await ben.page.getByRole('button', { name: say('Send Proposal') }).click();
    await toast(ben.page, say('Proposal sent successfully')).waitFor();

    await ana.page.goto('/notifications');
    await ana.page.getByRole('main').getByRole('listitem').filter({ hasText: say('New swap proposal') }).waitFor();

    await ben.page.goto(itemPage);
    await ben.page.getByRole('button', { name: say('Contact Owner') }).click();
    await ben.page.waitForURL('**/chat/*');
    const greeting = `${title}?`;
    await ben.page.getByRole('textbox', { name: say.id('conversations.messageLabel') }).fill(greeting);
    await ben.page.getByRole('textbox', { name: say.id('conversations.messageLabel') }).press('Enter');

    await ana.page.goto('/messages');
    await ana.page.getByRole('main').locator('a[href^="/chat/"]').first().click();
    await ana.page.getByRole('main').getByText(greeting, { exact: true }).waitFor();
  });
});

test('a visitor whose browser asks for English picks German before signing up: the page changes at once, and the new account keeps it', async () => {
  const say = inLanguage('de');
  const visitor = await openBrowser({ viewport: PHONE });
  const member = newMember({ displayName: 'Dora Example' });
  await visitor.page.goto('/register');
  await visitor.page.getByLabel('Language').selectOption('de');
  await expect.poll(() => visitor.page.locator('html').getAttribute('lang'), UI_WAIT).toBe('de');
  await fillRegisterForm(visitor.page, member, member.password, say);
  await visitor.page.getByRole('button', { name: say('Create Account') }).click();
  await toast(visitor.page, say('Registration successful!')).waitFor();

  // Elsewhere, in a browser that asks for English, the account opens in German.
  const elsewhere = await openBrowser();
  await signIn(elsewhere.context, server().baseURL, member);
  await elsewhere.page.goto('/dashboard');
  await expect.poll(() => elsewhere.page.locator('html').getAttribute('lang'), UI_WAIT).toBe('de');
});
