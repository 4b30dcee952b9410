import { describe, test } from 'vitest';
import { DESKTOP, PHONE, useBrowsers } from './fixtures/browser.ts';
import { registerSignedIn } from './fixtures/members.ts';
import { useServer } from './fixtures/server.ts';

const server = useServer();
const openBrowser = useBrowsers(() => server().baseURL);

/*
 * Subscribing itself cannot be shown here: it needs the browser's push service (Google's, for
 * Chromium), which these machines cannot reach. The server's side is proven against a real push
 * endpoint in server/src/modules/push/push.test.ts; this is what the member sees up to the browser's answer.
 */
describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('notifications on this device at %s size', (_size, viewport) => {
  test('Turn on asks the browser, and a browser that blocks notifications is met with how to allow them', async () => {
    const { context, page } = await openBrowser({ viewport });
    await registerSignedIn(context, server().baseURL);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'Notifications on this device' });

    // Offered once the service worker is active: the real one, in a real browser with the Push API.
    await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();

    // Headless Chromium answers a permission request with "denied", as a member who blocks the site does.
    await section.getByText('Notifications are blocked for Swapyard in this browser. To allow them,', { exact: false }).waitFor();
    await section.getByRole('button').waitFor({ state: 'detached' });
  });
});
