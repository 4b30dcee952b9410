import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { hashToken } from '../server/src/lib/tokens.ts';
import { UI_WAIT, pathnameOf, textsOf, toast, useBrowsers } from './fixtures/browser.ts';
import { fillRegisterForm, newMember, registerMember, registerSignedIn, sessionCookie } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

// Sign-in attempts per email as in production; every journey here signs in with its own address.
const LOGIN_PER_EMAIL = { max: 8, windowMs: 15 * 60_000 };
const server = useServer({ rateLimits: { loginPerEmail: LOGIN_PER_EMAIL } });
const openBrowser = useBrowsers(() => server().baseURL);

const DAY_S = 86_400;
const HOUR_MS = 3_600_000;

function findUserByEmail(email: string) {
  return server().app.services.database.db.query.users.findFirst({
    where: (users, { eq }) => eq(users.email, email),
  });
}

/** The server stores only the hash of the cookie's token. */
function findSessionOf(token: string) {
  return server().app.services.database.db.query.sessions.findFirst({
    where: (sessions, { eq }) => eq(sessions.id, hashToken(token)),
  });
}

/** The path of the reset link mailed to this address; the link's host is the server's PUBLIC_URL, not ours. */
async function resetLinkPathFor(email: string): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await server().sentMails()).findLast((sent) => sent.to === email);
      path = mail?.text.match(/\/reset-password\/[\w-]+/)?.[0];
      return path;
    }, UI_WAIT)
    .toBeDefined();
  return path ?? '';
}

async function signIn(page: Page, email: string, password: string, { remember = false } = {}): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('registering', () => {
  test('a new member registers through the form and lands on the dashboard, signed in with 100 points', async () => {
    const { page } = await openBrowser();
    const member = newMember({ displayName: 'Ada Lovelace' });

    await page.goto('/register');
    await fillRegisterForm(page, member);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Registration successful!').waitFor();
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    const sidebar = page.getByRole('complementary');
    await sidebar.getByRole('navigation', { name: 'Main' }).waitFor();
    await textsOf(sidebar.getByTestId('member-name')).toEqual(['Ada Lovelace']);
    await textsOf(sidebar.getByTestId('points-balance')).toEqual(['100 points']);
  });

  test('mismatched passwords show "Passwords do not match" and create nothing', async () => {
    const { context, page } = await openBrowser();
    const member = newMember();
    const registerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/register') registerCalls.push(request.method());
    });

    await page.goto('/register');
    await fillRegisterForm(page, member, `${member.password} but different`);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('Passwords do not match', { exact: true }).waitFor();
    expect(await page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(pathnameOf(page)).toBe('/register');
    expect(registerCalls).toEqual([]);
    expect(await findUserByEmail(member.email)).toBeUndefined();
    expect(await sessionCookie(context)).toBeUndefined();
    expect((await context.request.get('/api/me')).status()).toBe(401);
  });

  test('an email that already has an account shows the server\'s message in the banner', async () => {
    const existing = await registerMember(server().baseURL);
    const { context, page } = await openBrowser();

    await page.goto('/register');
    await fillRegisterForm(page, newMember({ email: existing.email.toUpperCase() }));
    await page.getByRole('button', { name: 'Create Account' }).click();

    await textsOf(page.getByRole('alert')).toEqual(['An account with this email already exists.']);
    expect(pathnameOf(page)).toBe('/register');
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test('without accepting the terms nobody is registered', async () => {
    const { page } = await openBrowser();
    const member = newMember();
    await page.goto('/register');
    await fillRegisterForm(page, member);
    await page.getByLabel('I agree to the Terms and Conditions').uncheck();

    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.getByText('Please accept the terms and conditions.', { exact: true }).waitFor();
    expect(pathnameOf(page)).toBe('/register');
    expect(await findUserByEmail(member.email)).toBeUndefined();
  });

  test('the terms open from the form in a new tab, and what was typed stays', async () => {
    const { context, page } = await openBrowser();
    const member = newMember();
    await page.goto('/register');
    await fillRegisterForm(page, member);
    const [terms] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Terms and Conditions' }).click()]);

    await terms.getByRole('heading', { level: 1, name: 'Terms and Conditions' }).waitFor();
    await terms.getByRole('heading', { level: 2, name: 'Points' }).waitFor();
    expect(await terms.title()).toBe('Terms and Conditions · Swapyard');
    expect(await page.getByLabel('Full Name').inputValue()).toBe(member.displayName);
    expect(await page.getByLabel('I agree to the Terms and Conditions').isChecked()).toBe(true);
  });
});

describe('signing in', () => {
  test('a wrong password shows the server\'s message in the banner and signs nobody in', async () => {
    const member = await registerMember(server().baseURL);
    const { context, page } = await openBrowser();

    await signIn(page, member.email, 'not the password at all');

    await textsOf(page.getByRole('alert')).toEqual(['Invalid email or password.']);
    expect(pathnameOf(page)).toBe('/login');
    expect(await sessionCookie(context)).toBeUndefined();
  });

  test('too many attempts say when to try again, from the Retry-After the server sends', async () => {
    const member = await registerMember(server().baseURL);
    const { page } = await openBrowser();
    await page.goto('/login');
    for (let attempt = 0; attempt < LOGIN_PER_EMAIL.max; attempt += 1) {
      const response = await page.request.post('/api/auth/login', {
        headers: { origin: server().baseURL },
        data: { email: member.email, password: 'wrong' },
      });
      expect(response.status()).toBe(401);
    }

    await signIn(page, member.email, member.password);

    await textsOf(page.getByRole('alert')).toEqual(['Too many requests. Please try again in 15 minutes.']);
    expect(pathnameOf(page)).toBe('/login');
  });

  test('the right password opens the dashboard with "Login successful!"', async () => {
    const member = await registerMember(server().baseURL, { displayName: 'Grace Hopper' });
    const { page } = await openBrowser();

    await signIn(page, member.email, member.password);

    await page.waitForURL((url) => url.pathname === '/');
    await toast(page, 'Login successful!').waitFor();
    await textsOf(page.getByRole('complementary').getByTestId('member-name')).toEqual(['Grace Hopper']);
  });

  test('without Remember me the session cookie ends with the browser, and the server ends it after 12 hours', async () => {
    const member = await registerMember(server().baseURL);
    const { context, page } = await openBrowser();

    await signIn(page, member.email, member.password);
    await page.waitForURL((url) => url.pathname === '/');

    const cookie = await sessionCookie(context);
    expect(cookie?.expires).toBe(-1);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const session = await findSessionOf(cookie?.value ?? '');
    expect(session?.remember).toBe(false);
    expect(Math.abs((session?.expiresAt.getTime() ?? 0) - (Date.now() + 12 * HOUR_MS))).toBeLessThan(60_000);
  });

  test('with Remember me the session cookie lasts 30 days', async () => {
    const member = await registerMember(server().baseURL);
    const { context, page } = await openBrowser();

    await signIn(page, member.email, member.password, { remember: true });
    await page.waitForURL((url) => url.pathname === '/');

    const cookie = await sessionCookie(context);
    const thirtyDaysFromNow = Date.now() / 1000 + 30 * DAY_S;
    expect(Math.abs((cookie?.expires ?? 0) - thirtyDaysFromNow)).toBeLessThan(60);
    const session = await findSessionOf(cookie?.value ?? '');
    expect(session?.remember).toBe(true);
  });

  test('the email is not case-sensitive when signing in', async () => {
    const member = await registerMember(server().baseURL);
    const { page } = await openBrowser();

    await signIn(page, member.email.toUpperCase(), member.password);

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('member-name').waitFor();
  });

  test('a signed-in member who opens /login is sent to the dashboard', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);

    await page.goto('/login');

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('member-name').waitFor();
  });

  test('a signed-out visitor who opens /marketplace is sent to /login, having asked who is signed in once', async () => {
    const { page } = await openBrowser();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') asked.push(request.url());
    });

    await page.goto('/marketplace');

    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toHaveLength(1);
  });

  test('the login page links to sign-up and to the password reset', async () => {
    const { page } = await openBrowser();
    await page.goto('/login');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.getByRole('button', { name: 'Create Account' }).waitFor();
  });
});

describe('signing out', () => {
  test('Log out goes to /login with "Logged out successfully", and the session is gone', async () => {
    const { context, page } = await openBrowser();
    await registerSignedIn(context, server().baseURL);
    await page.goto('/');
    await page.getByTestId('member-name').waitFor();
    const token = (await sessionCookie(context))?.value;
    expect(token).toBeDefined();

    await page.getByRole('button', { name: 'Log out' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, 'Logged out successfully').waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await findSessionOf(token ?? '')).toBeUndefined();
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });
});

describe('resetting a forgotten password', () => {
  test('the mailed link sets a new password, ends every session, and works only once', async () => {
    const member = await registerMember(server().baseURL);
    const signedInElsewhere = await openBrowser();
    await signIn(signedInElsewhere.page, member.email, member.password);
    await signedInElsewhere.page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => server().openSockets(member.id), UI_WAIT).toBe(1);
    const { page } = await openBrowser();
    const newPassword = 'a brand new passphrase';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email address').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await textsOf(page.getByRole('status')).toEqual([
      'If an account exists for that email, a reset link is on its way.',
    ]);

    const linkPath = await resetLinkPathFor(member.email);
    await page.goto(linkPath);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await page.waitForURL((url) => url.pathname === '/login');
    await toast(page, 'Your password has been changed. Please sign in.').waitFor();
    // The other browser's session ended with the old password, and the server told its open tab.
    await signedInElsewhere.page.waitForURL((url) => url.pathname === '/login');

    await signIn(page, member.email, member.password);
    await textsOf(page.getByRole('alert')).toEqual(['Invalid email or password.']);
    await signIn(page, member.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    await page.goto(linkPath);
    await page.getByLabel('New Password').fill('yet another passphrase');
    await page.getByLabel('Confirm Password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await textsOf(page.getByRole('alert')).toEqual(['This reset link is invalid or has expired.']);
  });

  test('an unknown email gets the same answer and no mail', async () => {
    const { page } = await openBrowser();
    const nobody = newMember().email;

    await page.goto('/forgot-password');
    await page.getByLabel('Email address').fill(nobody);
    await page.getByRole('button', { name: 'Send reset link' }).click();

    await textsOf(page.getByRole('status')).toEqual([
      'If an account exists for that email, a reset link is on its way.',
    ]);
    expect((await server().sentMails()).filter((mail) => mail.to === nobody)).toEqual([]);
  });
});
