import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { queryClient } from './query-client.ts';

const key = ['items', 'detail', 'lamp'] as const;

/** What a route's loader leaves when the server answered `status` to its one attempt. */
async function loaderWasAnswered(status: number) {
  await queryClient.prefetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError(status, 'No')), retry: false });
}

/** The page drawn next reads the answer: how many times it asks the server itself. */
function pageAsks(): number {
  const ask = vi.fn(() => Promise.resolve({ id: 'lamp' }));
  const stop = new QueryObserver(queryClient, { queryKey: key, queryFn: ask }).subscribe(() => undefined);
  stop();
  return ask.mock.calls.length;
}

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe('a page opening on an answer its loader could not get', () => {
  it('shows a missing record without asking for it again', async () => {
    await loaderWasAnswered(404);
    expect(pageAsks()).toBe(0);
  });

  it("asks again after the server's own failure, which may pass", async () => {
    await loaderWasAnswered(503);
    expect(pageAsks()).toBe(1);
  });

  it('asks again for a missing record once it is as old as stale data would be', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await loaderWasAnswered(404);
    vi.setSystemTime(Date.now() + 30_000);
    expect(pageAsks()).toBe(1);
  });
});
