import { TEXT } from '@swapyard/contract';
import { describe, expect, test } from 'vitest';
import { DESKTOP, PHONE, UI_WAIT, pathnameOf, toast, useBrowsers } from './fixtures/browser.ts';
import { openConversation, sendMessage } from './fixtures/conversations.ts';
import { listItem } from './fixtures/items.ts';
import { fillRegisterForm, registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('deleting an account on a %s', (_size, viewport) => {
  test('the dialog asks for the password, the member lands on /login, and the others see a Former member', async () => {
    const { baseURL } = server();
    const leaving = await openBrowser({ viewport });
    const leaver = await registerSignedIn(leaving.context, baseURL, { displayName: 'Lee Leaving' });
    const staying = await openBrowser({ viewport });
    const bob = await registerSignedIn(staying.context, baseURL, { displayName: 'Bob Staying' });
    await listItem(leaving.context, baseURL, { title: 'Brass reading lamp' });
    await listItem(staying.context, baseURL, { title: 'Blue road bike' });
    const conversationId = await openConversation(leaving.context, baseURL, bob.id);
    await sendMessage(leaving.context, baseURL, conversationId, 'See you at the market');

    const { page } = leaving;
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect.poll(() => dialog.isVisible(), UI_WAIT).toBe(true);
    // A wrong password is refused beside the field, and the account stays.
    await dialog.getByLabel('Your password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect.poll(() => dialog.getByText(TEXT.account.currentPasswordWrong).isVisible(), UI_WAIT).toBe(true);
    expect(pathnameOf(page)).toBe('/settings');

    await dialog.getByLabel('Your password').fill(leaver.password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();

    await expect.poll(() => pathnameOf(page), UI_WAIT).toBe('/login');
    await expect.poll(() => toast(page, 'Your account has been deleted').isVisible(), UI_WAIT).toBe(true);

    const other = staying.page;
    await other.goto(`/chat/${conversationId}`);
    const header = other.getByRole('heading', { level: 1 });
    await expect.poll(() => header.innerText(), UI_WAIT).toBe('Former member');
    expect(await header.getByRole('link').count()).toBe(0);
    await expect.poll(() => other.getByText('See you at the market').isVisible(), UI_WAIT).toBe(true);
    expect(await other.getByText(TEXT.conversations.otherLeft).isVisible()).toBe(true);
    expect(await other.getByLabel('Message', { exact: true }).count()).toBe(0);

    await other.goto('/marketplace');
    await expect.poll(() => other.getByText('Blue road bike').first().isVisible(), UI_WAIT).toBe(true);
    expect(await other.getByText('Brass reading lamp').count()).toBe(0);

    // The address is free again: a new account, starting afresh.
    await page.goto('/register');
    await fillRegisterForm(page, { displayName: 'Lee Again', email: leaver.email, password: 'a brand new password' });
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => toast(page, TEXT.account.registered).isVisible(), UI_WAIT).toBe(true);
  });
});
