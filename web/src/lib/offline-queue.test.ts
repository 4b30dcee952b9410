import { TEXT } from '@swapyard/contract';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApiServer, type Answer, type ReceivedRequest } from '../test/api-server.ts';

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('sonner', () => ({
  toast: { success: (text: string) => toasts.push(text), error: (text: string) => toasts.push(text) },
}));

// Each test is a fresh page load on a fresh device: new modules, an empty IndexedDB.
async function load() {
  vi.resetModules();
  return {
    queue: await import('./offline-queue.ts'),
    store: await import('./offline-store.ts'),
  };
}

const message = (id: string, text: string) => ({
  id,
  topic: 'messages:c1',
  path: '/conversations/c1/messages',
  body: { clientId: id, text },
  refresh: [['conversations']],
  failureText: TEXT.conversations.sendFailed,
});

let answer: (request: ReceivedRequest) => Answer;
let api: Awaited<ReturnType<typeof startApiServer>>;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  toasts.length = 0;
  answer = () => ({ status: 200, body: { message: {} } });
  api = await startApiServer((request) => answer(request));
});

afterEach(async () => {
  onlineManager.setOnline(true);
  await api.close();
});

describe('the offline queue', () => {
  it('keeps what a member does offline across a reload, then sends it in order once they are back', async () => {
    let { queue, store } = await load();
    await store.setOwner('member-1');
    onlineManager.setOnline(false);

    expect(await queue.sendOrQueue(message('m-1', 'first'))).toBeNull();
    expect(await queue.sendOrQueue(message('m-2', 'second'))).toBeNull();
    expect(api.received).toEqual([]);
    await vi.waitFor(() => expect(toasts).toEqual([TEXT.connectivity.savedLocally, TEXT.connectivity.savedLocally]));

    ({ queue, store } = await load());
    expect(await store.storedOwner()).toBe('member-1');
    onlineManager.setOnline(true);
    const queryClient = new QueryClient();
    queryClient.setQueryData(['conversations', 'list'], { pages: [] });
    await queue.flushQueue(queryClient);

    expect(api.received.map((request) => request.body)).toEqual([
      { clientId: 'm-1', text: 'first' },
      { clientId: 'm-2', text: 'second' },
    ]);
    expect(await store.readStored(store.ownerKey('queue', 'member-1'))).toEqual([]);
    expect(queryClient.getQueryState(['conversations', 'list'])?.isInvalidated).toBe(true);
  });

  it('drops an action the server refuses, with its text, and keeps one the server could not take yet', async () => {
    const { queue, store } = await load();
    await store.setOwner('member-1');
    onlineManager.setOnline(false);
    await queue.sendOrQueue(message('refused', 'too long'));
    await queue.sendOrQueue(message('later', 'fine'));
    answer = ({ body }) =>
      (body as { clientId: string }).clientId === 'refused'
        ? { status: 400, body: { error: { code: 'VALIDATION_ERROR', message: 'Message is too long' } } }
        : { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Try again' } } };

    onlineManager.setOnline(true);
    await queue.flushQueue(new QueryClient());

    await vi.waitFor(() => expect(toasts).toContain('Message is too long'));
    const left = await store.readStored<{ id: string }[]>(store.ownerKey('queue', 'member-1'));
    expect(left?.map((action) => action.id)).toEqual(['later']);
  });

  it('stops at a signed-out answer and keeps the rest for the member', async () => {
    const { queue, store } = await load();
    await store.setOwner('member-1');
    onlineManager.setOnline(false);
    await queue.sendOrQueue(message('m-1', 'first'));
    await queue.sendOrQueue(message('m-2', 'second'));
    answer = () => ({ status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'Please log in' } } });

    onlineManager.setOnline(true);
    await queue.flushQueue(new QueryClient());

    expect(api.received).toHaveLength(1);
    const left = await store.readStored<{ id: string }[]>(store.ownerKey('queue', 'member-1'));
    expect(left?.map((action) => action.id)).toEqual(['m-1', 'm-2']);
  });

  it('never hands one member what another left waiting', async () => {
    const { queue, store } = await load();
    await store.setOwner('member-1');
    onlineManager.setOnline(false);
    await queue.sendOrQueue(message('m-1', 'private'));

    await store.setOwner('member-2');
    onlineManager.setOnline(true);
    await queue.flushQueue(new QueryClient());

    expect(api.received).toEqual([]);
    expect(await store.readStored(store.ownerKey('queue', 'member-1'))).toBeUndefined();
    await expect(store.setOwner(null)).resolves.toBeNull();
    await expect(queue.queueAction(message('m-2', 'nobody'))).rejects.toThrow(/signed-in member/);
  });
});
