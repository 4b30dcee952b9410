import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPageSettled } from './page-settled.ts';

let queryClient: QueryClient;
let settled: boolean;

/** An answer the test gives when it chooses, as a slow server would. */
function slowAnswer(key: string) {
  let answer: (value: string) => void = () => {};
  void queryClient.prefetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
  return (value: string) => {
    answer(value);
  };
}

function watch() {
  settled = false;
  void whenPageSettled(queryClient).then(() => {
    settled = true;
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
});

afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('waiting for the page to settle', () => {
  it('waits for every answer the page asked for, then for the browser to be idle', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const answerItems = slowAnswer('items');
    const answerMember = slowAnswer('member');
    watch();

    answerItems('items');
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(false);
    expect(idle).toHaveLength(0);

    answerMember('member');
    await vi.advanceTimersByTimeAsync(50);
    expect(idle).toHaveLength(1);
    expect(settled).toBe(false);
    idle.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('waits again when an answer that came while waiting for idle started another', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(idle).toHaveLength(1);

    const answerNext = slowAnswer('next page');
    idle.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    answerNext('page 2');
    await vi.advanceTimersByTimeAsync(0);
    idle.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('gives up waiting after three seconds when an answer never comes', async () => {
    slowAnswer('hangs');
    watch();
    await vi.advanceTimersByTimeAsync(2900);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(true);
  });

  it('leaves no wait for idle behind once the three seconds are up', async () => {
    const pending = new Set<number>();
    let next = 0;
    vi.stubGlobal('requestIdleCallback', () => {
      next += 1;
      pending.add(next);
      return next;
    });
    vi.stubGlobal('cancelIdleCallback', (handle: number) => pending.delete(handle));
    watch();
    await vi.advanceTimersByTimeAsync(0);
    expect(pending.size).toBe(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(settled).toBe(true);
    expect(pending.size).toBe(0);
  });

  it('takes a moment after the answers for idle where the browser cannot tell', async () => {
    expect('requestIdleCallback' in window).toBe(false);
    const answer = slowAnswer('items');
    watch();
    answer('items');
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(true);
  });
});
