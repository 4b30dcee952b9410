/* global self, caches */
/*
 * Swapyard's service worker: the app shell and images, so the app opens offline. Members' data
 * comes from the page's persisted query cache, never from here: no other /api answer is stored.
 */

// Filled in by the build (web/build/offline-build.ts): a name for this release and every file it emitted.
const BUILD = { version: 'development', files: [] };

const SHELL_CACHE = `swapyard-shell-${BUILD.version}`;
const SHELL_PREFIX = 'swapyard-shell-';
// Not versioned: an image key never changes its bytes. The page deletes this cache when a member signs out.
const IMAGE_CACHE = 'swapyard-images';
const MAX_IMAGES = 300;
const APP_PAGE = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(BUILD.files))
      // A new release takes over at once: its shell is complete, and the old one may be gone from the server.
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/images/')) {
    event.respondWith(image(event));
    return;
  }
  // Every other API answer, and the WebSocket, goes straight to the server.
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  event.respondWith(shellFile(event, url));
});

/** Network first, so a new release shows as soon as it is out; the cached shell when there is no network. */
async function page(request) {
  try {
    const response = await fetch(request);
    if (response.status < 500) return response;
    return (await caches.match(APP_PAGE, { cacheName: SHELL_CACHE })) ?? response;
  } catch (error) {
    const cached = await caches.match(APP_PAGE, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

/** Cache first: hashed assets never change under their names, and the rest belongs to this release. */
async function shellFile(event, url) {
  const cached = await caches.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.ok && url.pathname.startsWith('/assets/')) {
    const copy = response.clone();
    event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

/** Cache first: an image's key names its bytes for good. Only the newest MAX_IMAGES are kept. */
async function image(event) {
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.status === 200) {
    const copy = response.clone();
    event.waitUntil(cache.put(event.request, copy).then(() => trim(cache)));
  }
  return response;
}

async function trim(cache) {
  const keys = await cache.keys();
  // Keys come back in insertion order: the oldest first.
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_IMAGES)).map((key) => cache.delete(key)));
}
