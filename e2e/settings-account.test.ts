import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { newMember, registerMember, registerSignedIn, signIn, type Member } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);
const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const section = (page: Page, name: 'Password' | 'Email') => page.getByRole('region', { name });

/** What /api/me says of the member signed in to this page. */
async function signedInEmail(page: Page): Promise<string> {
  const response = await page.request.get('/api/me');
  return ((await response.json()) as { user: { email: string } }).user.email;
}

/** The path of the newest confirmation link mailed to this address; the link's host is the server's PUBLIC_URL, not ours. */
async function confirmationPathFor(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      path = (await server().sentMails()).findLast((mail) => mail.to === email)?.text.match(/\/confirm-email\/[\w-]+/)?.[0];
      return path;
    }, UI_WAIT)
    .toBeDefined();
  return path ?? '';
}

async function subjectsTo(email: string): Promise<string[]> {
  return (await server().sentMails()).filter((mail) => mail.to === email).map((mail) => mail.subject);
}

async function fillPasswordForm(page: Page, current: string, next: string): Promise<void> {
  const form = section(page, 'Password');
  await form.getByLabel('Current password').fill(current);
  await form.getByLabel('New password', { exact: true }).fill(next);
  await form.getByLabel('Confirm new password').fill(next);
  await form.getByRole('button', { name: 'Change password' }).click();
}

async function askForEmailChange(page: Page, member: Member, email: string): Promise<void> {
  const form = section(page, 'Email');
  await form.getByLabel('New email address').fill(email);
  await form.getByLabel('Current password').fill(member.password);
  await form.getByRole('button', { name: 'Change email' }).click();
}

describe('changing the password', () => {
  test.each(SIZES)('at %s size: a wrong current password shows under its field; the right one says "Password changed" and sends the other browser to /login at once', async (_size, viewport) => {
    const { context, page } = await openBrowser({ viewport });
    const member = await registerSignedIn(context, server().baseURL);
    const elsewhere = await openBrowser();
    await signIn(elsewhere.context, server().baseURL, member);
    await elsewhere.page.goto('/');
    await elsewhere.page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBe(1);
    await page.goto('/settings');
    const newPassword = 'a brand new passphrase';

    await fillPasswordForm(page, 'not my password at all', newPassword);

    const current = section(page, 'Password').getByLabel('Current password');
    await textsOf(section(page, 'Password').getByText('That is not your current password.', { exact: true })).toEqual([
      'That is not your current password.',
    ]);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    expect(pathnameOf(elsewhere.page)).toBe('/');
    expect(await subjectsTo(member.email)).toEqual([]);

    await fillPasswordForm(page, member.password, newPassword);

    await toast(page, 'Password changed').waitFor();
    await elsewhere.page.waitForURL((url) => url.pathname === '/login');
    expect(await current.inputValue()).toBe('');
    await page.reload();
    await section(page, 'Password').waitFor();
    expect(pathnameOf(page)).toBe('/settings');
    expect(await subjectsTo(member.email)).toEqual(['Your password was changed']);
    const signInWith = (password: string) =>
      elsewhere.context.request.post('/api/auth/login', { headers: { origin: server().baseURL }, data: { email: member.email, password } });
    expect((await signInWith(member.password)).status()).toBe(401);
    expect((await signInWith(newPassword)).status()).toBe(200);
  });
});

describe('changing the email', () => {
  test.each(SIZES)('at %s size: the mailed link changes it once; a taken address is refused under its field', async (_size, viewport) => {
    const taken = await registerMember(server().baseURL);
    const { context, page } = await openBrowser({ viewport });
    const member = await registerSignedIn(context, server().baseURL);
    const newEmail = newMember().email;
    await page.goto('/settings');
    await textsOf(section(page, 'Email').locator('dd')).toEqual([member.email]);

    await askForEmailChange(page, member, taken.email.toUpperCase());
    await section(page, 'Email').getByText('An account with this email already exists.', { exact: true }).waitFor();

    await askForEmailChange(page, member, newEmail);

    await toast(page, `Check ${newEmail} for the link that confirms it.`).waitFor();
    const pending = `We sent a link to ${newEmail}. Your email changes when you open it, within 24 hours.`;
    await section(page, 'Email').getByText(pending).waitFor();
    expect(await subjectsTo(member.email)).toEqual(['Your Swapyard email address is about to change']);
    const linkPath = await confirmationPathFor(newEmail);
    await page.reload();
    await section(page, 'Email').getByText(pending).waitFor();
    expect(await signedInEmail(page)).toBe(member.email);

    await page.goto(linkPath);

    await textsOf(page.getByRole('status')).toEqual(['Your email address has been changed.']);
    await page.getByRole('link', { name: 'Continue to Swapyard' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/settings');
    await textsOf(section(page, 'Email').locator('dd')).toEqual([newEmail]);
    await section(page, 'Email').getByTestId('pending-email').waitFor({ state: 'detached' });
    expect(await signedInEmail(page)).toBe(newEmail);

    await page.goto(linkPath);
    await textsOf(page.getByRole('alert')).toEqual(['This confirmation link is invalid or has expired.']);
    expect(await signedInEmail(page)).toBe(newEmail);
  });

  test('a pending change is cancelled from the settings page, and its link then changes nothing', async () => {
    const { context, page } = await openBrowser();
    const member = await registerSignedIn(context, server().baseURL);
    const newEmail = newMember().email;
    await page.goto('/settings');
    await askForEmailChange(page, member, newEmail);
    const pending = section(page, 'Email').getByTestId('pending-email');
    await pending.waitFor();
    const linkPath = await confirmationPathFor(newEmail);

    await pending.getByRole('button', { name: 'Cancel change' }).click();

    await toast(page, 'Email change cancelled').waitFor();
    await pending.waitFor({ state: 'detached' });
    await page.reload();
    await section(page, 'Email').getByRole('button', { name: 'Change email' }).waitFor();
    // The saved copy of the page may show the old state for a moment; the server's answer has none.
    await pending.waitFor({ state: 'detached' });
    await page.goto(linkPath);
    await textsOf(page.getByRole('alert')).toEqual(['This confirmation link is invalid or has expired.']);
    expect(await signedInEmail(page)).toBe(member.email);
  });
});
