import type { PushStatusResponse } from '@swapyard/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { startApiServer, type ReceivedRequest } from '../../../test/api-server.ts';
import { rootPerTest } from '../../../test/mounted.tsx';
import { SETTINGS_TEXT } from '../texts.ts';
import { PushDeviceToggle } from './push-device-toggle.tsx';

const t = SETTINGS_TEXT.push;
const { host, render } = rootPerTest();

// The Push API and the service worker cannot be real in happy-dom: a browser's side is stubbed
// here, as a browser answers; the server's side is the real HTTP calls to a real server.
const SERVER_KEY = `B${'A'.repeat(85)}Q`;
const ENDPOINT = 'https://push.example/device-1';

class FakeSubscription {
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null },
  ) {}
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: 'browser-public-key', auth: 'browser-auth-secret' } };
  }
  unsubscribe() {
    this.unsubscribed = true;
    return Promise.resolve(true);
  }
}

function stubBrowser({ permission, answer = permission }: { permission: NotificationPermission; answer?: NotificationPermission }) {
  let current: FakeSubscription | null = null;
  const subscribeCalls: PushSubscriptionOptionsInit[] = [];
  const pushManager = {
    getSubscription: () => Promise.resolve(current),
    subscribe: (options: PushSubscriptionOptionsInit) => {
      subscribeCalls.push(options);
      current = new FakeSubscription(ENDPOINT, { applicationServerKey: (options.applicationServerKey as Uint8Array<ArrayBuffer>).buffer });
      return Promise.resolve(current);
    },
  };
  const notification = { permission, requestPermission: vi.fn(() => Promise.resolve(answer)) };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  // As a production build on HTTPS or localhost, where the app registers its service worker.
  vi.stubEnv('PROD', true);
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return { subscribeCalls, notification, subscription: () => current };
}

async function show(answer: (request: ReceivedRequest) => { status: number; body?: unknown }) {
  const api = await startApiServer(answer);
  await render(
    <QueryClientProvider client={queryClient}>
      <PushDeviceToggle />
    </QueryClientProvider>,
  );
  return api;
}

const button = (name: string) => Array.from(host().querySelectorAll('button')).find((candidate) => candidate.textContent === name);
const see = (text: string) =>
  act(() =>
    vi.waitFor(() => {
      expect(host().textContent).toContain(text);
    }),
  );

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'isSecureContext');
});

describe('Turn on notifications on this device', () => {
  it("asks permission on the click, subscribes with the server's key and gives the server the subscription; turning off removes it on both sides", async () => {
    const browser = stubBrowser({ permission: 'default', answer: 'granted' });
    let saved: PushStatusResponse = { endpoint: null };
    const api = await show((request) => {
      if (request.path === '/api/push/key') return { status: 200, body: { publicKey: SERVER_KEY } };
      if (request.method === 'POST') {
        saved = { endpoint: (request.body as { endpoint: string }).endpoint };
        return { status: 201, body: saved };
      }
      if (request.method === 'DELETE') return { status: 204 };
      return { status: 200, body: saved };
    });
    try {
      await see(t.turnOn);
      expect(browser.notification.requestPermission).not.toHaveBeenCalled();

      await act(async () => button(t.turnOn)!.click());
      await see(t.on);

      expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
      expect(browser.subscribeCalls).toHaveLength(1);
      expect(browser.subscribeCalls[0]!.userVisibleOnly).toBe(true);
      const key = browser.subscribeCalls[0]!.applicationServerKey as Uint8Array;
      expect(Buffer.from(key).toString('base64url')).toBe(SERVER_KEY);
      expect(api.received.find((request) => request.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/push/subscriptions',
        body: { endpoint: ENDPOINT, keys: { p256dh: 'browser-public-key', auth: 'browser-auth-secret' } },
      });

      await act(async () => button(t.turnOff)!.click());
      await see(t.turnOn);
      expect(api.received.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual(['/api/push/subscriptions']);
      expect(browser.subscription()?.unsubscribed).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('shows the device as off when the server no longer has its subscription (signed out since, or dropped by the push service)', async () => {
    const browser = stubBrowser({ permission: 'granted' });
    await navigator.serviceWorker.ready.then((registration) => registration.pushManager.subscribe({ applicationServerKey: new Uint8Array(65) }));
    const api = await show(() => ({ status: 200, body: { endpoint: null } satisfies PushStatusResponse }));
    try {
      await see(t.turnOn);
      expect(host().textContent).not.toContain(t.on);
      expect(browser.subscription()?.endpoint).toBe(ENDPOINT);
    } finally {
      await api.close();
    }
  });

  it('says how to allow notifications when the browser blocks them, and asks nothing', async () => {
    const browser = stubBrowser({ permission: 'denied' });
    const api = await show(() => ({ status: 200, body: { endpoint: null } }));
    try {
      await see(t.denied);
      expect(button(t.turnOn)).toBeUndefined();
      expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    } finally {
      await api.close();
    }
  });

  it('says when the browser has no push or no service worker (a development build registers none)', async () => {
    const api = await show(() => ({ status: 200, body: { endpoint: null } }));
    try {
      await see(t.unsupported);
      expect(button(t.turnOn)).toBeUndefined();
    } finally {
      await api.close();
    }
  });
});
