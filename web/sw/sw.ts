/*
 * Swapyard's service worker: the app shell and images, so the app opens offline. Members' data
 * comes from the page's persisted query cache, never from here: no other /api answer is stored.
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
