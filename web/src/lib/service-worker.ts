/** Production builds only (the development server's modules are not the release's), and only where browsers allow service workers: HTTPS, or localhost. */
function registersServiceWorker(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && window.isSecureContext;
}

/**
 * Registers the service worker built from web/sw/sw.ts, which keeps the app shell and images for
 * offline use and shows Web Push notifications.
 */
export function registerServiceWorker(): void {
  if (!registersServiceWorker()) return;
  // After the page has loaded, so caching the shell never competes with the first screen.
  window.addEventListener(
    'load',
    () => {
      // Without it the app still works, online only.
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    },
    { once: true },
  );
}

/** A first visit installs the worker (the whole shell) before it is active: give it time, not forever. */
const ACTIVATION_WAIT_MS = 15_000;

/**
 * The service worker once it is active, or undefined where this page registers none (or it never
 * became active): on a first visit it is registered only after the page has loaded.
 */
export function activeServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!registersServiceWorker()) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ACTIVATION_WAIT_MS);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    });
  });
}
