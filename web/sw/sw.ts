/*
 * Swapyard's service worker: the app shell and images, so the app opens offline, and Web Push
 * notifications. Members' data comes from the page's persisted query cache, never from here: no
 * other /api answer is stored.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// Not versioned: an image key never changes its bytes. The page deletes this cache when another member signs in (lib/offline-store.ts).
const IMAGE_CACHE = 'swapyard-images';
const MAX_IMAGES = 300;
const APP_PAGE = '/index.html';

// A new release takes over at once: its shell is complete, and the old one may be gone from the server.
void self.skipWaiting();
clientsClaim();

/** A server that is down or failing (5xx) is treated like no network: the kept app page opens instead. */
const appPageWhenServerFails: WorkboxPlugin = {
  fetchDidSucceed: ({ response }) => {
    if (response.status >= 500) throw new Error(`the server answered ${String(response.status)}`);
    return Promise.resolve(response);
  },
  handlerDidError: () => matchPrecache(APP_PAGE),
};

// Registered before the precache, which would otherwise answer "/" from the cache: pages are network
// first, so a new release shows as soon as it is out.
registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [appPageWhenServerFails] }), { denylist: [/^\/api\//] }),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
  new CacheFirst({
    cacheName: IMAGE_CACHE,
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: MAX_IMAGES })],
  }),
);

// Web Push (server/src/modules/push): the server sends { title, body, url }, encrypted to this browser.
const NOTIFICATION_ICON = '/icons/icon-192.png';
const APP_NAME = 'Swapyard';

interface PushPayload {
  title: string;
  body: string;
  url: string;
}

const HOME = new URL('/', self.location.origin).href;

/** A page of this site, or the home page: a notification never opens another origin. */
function sameOriginUrl(url: unknown): string {
  if (typeof url !== 'string') return HOME;
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? parsed.href : HOME;
  } catch {
    return HOME;
  }
}

function readPush(data: PushMessageData | null): PushPayload {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    return {
      title: typeof value?.title === 'string' && value.title ? value.title : APP_NAME,
      body: typeof value?.body === 'string' ? value.body : '',
      url: sameOriginUrl(value?.url),
    };
  } catch {
    // Browsers require every push to show something; one that cannot be read still opens the app.
    return { title: APP_NAME, body: '', url: HOME };
  }
}

self.addEventListener('push', (event) => {
  const { title, body, url } = readPush(event.data);
  event.waitUntil(
    // Tagged by the page it opens: a push sent again (a retried job), or news about the same
    // conversation or proposal, takes the place of the one shown instead of piling up.
    self.registration.showNotification(title, { body, icon: NOTIFICATION_ICON, tag: url, data: { url } }),
  );
});

/** Focuses a tab of the app, on the notification's page, or opens one there. */
async function openFromNotification(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => client.focused) ?? tabs.find((client) => client.visibilityState === 'visible') ?? tabs[0];
  if (!tab) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await tab.focus();
  if (focused.url === url) return;
  // A tab this worker does not control cannot be navigated by it: a new window is the fallback.
  const navigated = await focused.navigate(url).catch(() => null);
  if (!navigated) await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: unknown };
  event.waitUntil(openFromNotification(sameOriginUrl(url)));
});
