/**
 * Registers the service worker built from web/sw/sw.ts, which keeps the app shell and images for
 * offline use. Production builds only (the development server's modules are not the release's), and only where browsers
 * allow service workers: HTTPS, or localhost.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !window.isSecureContext) return;
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
