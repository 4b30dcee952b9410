import type { PushSubscriptionBody } from '@swapyard/contract';
import { activeServiceWorker } from '../../lib/service-worker.ts';

/** What this browser offers for Web Push, read from its own APIs (the server's side is a query). */
export type PushBrowser =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'ready'; registration: ServiceWorkerRegistration; permission: NotificationPermission; endpoint: string | null };

/**
 * Push needs the Push API and the service worker, which lib/service-worker.ts registers in
 * production builds on HTTPS or localhost only: without one there is nothing to push to.
 */
export async function readPushBrowser(): Promise<PushBrowser> {
  if (!('PushManager' in window) || !('Notification' in window)) return { kind: 'unsupported' };
  const registration = await activeServiceWorker();
  if (!registration) return { kind: 'unsupported' };
  const subscription = await registration.pushManager.getSubscription().catch(() => null);
  return { kind: 'ready', registration, permission: Notification.permission, endpoint: subscription?.endpoint ?? null };
}

function bytesOf(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

/**
 * The browser's subscription for the server's key: the one it has when it was made with that key,
 * else a new one (a subscription made with an older key, before the operator rotated it, is dropped).
 */
export async function subscribeBrowser(registration: ServiceWorkerRegistration, publicKey: string): Promise<PushSubscription> {
  const applicationServerKey = bytesOf(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, applicationServerKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

/** The subscription as the server takes it (the browser's toJSON: endpoint and base64url keys). */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}
